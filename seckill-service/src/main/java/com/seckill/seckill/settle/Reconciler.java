package com.seckill.seckill.settle;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Compares each activity's Redis figures (stock, holders) with MySQL's live orders and repairs
 * Redis from MySQL when they differ, but only while nothing is in flight (empty outbox, no
 * unsettled request): the check and the write are one script. Every repair is logged.
 */
@Component
public class Reconciler {

    private static final Logger log = LoggerFactory.getLogger(Reconciler.class);
    private static final RedisScript<Long> REPAIR =
            RedisScript.of(new ClassPathResource("lua/reconcile.lua"), Long.class);

    public enum Outcome { CONSISTENT, REPAIRED, IN_FLIGHT, BUSY }

    private final StringRedisTemplate redis;
    private final RedissonClient redisson;
    private final OrderLedger ledger;
    private final ActivityCatalog catalog;

    Reconciler(StringRedisTemplate redis, RedissonClient redisson, OrderLedger ledger, ActivityCatalog catalog) {
        this.redis = redis;
        this.redisson = redisson;
        this.ledger = ledger;
        this.catalog = catalog;
    }

    @Scheduled(fixedDelayString = "${seckill.sale.reconcile-interval:60s}", initialDelayString = "${seckill.sale.reconcile-interval:60s}")
    void reconcileAll() {
        for (Activity activity : catalog.all()) {
            try {
                reconcile(activity);
            } catch (RuntimeException e) {
                log.warn("Reconciliation of activity {} failed: {}", activity.id(), e.toString());
            }
        }
    }

    public Outcome reconcile(Activity activity) {
        long id = activity.id();
        if (!Boolean.TRUE.equals(redis.hasKey(SeckillKeys.stock(id)))) {
            return Outcome.CONSISTENT; // not warmed: the warmer builds it from MySQL
        }
        RLock lock = redisson.getLock(SeckillKeys.reconcileLock(id));
        if (!lock.tryLock()) {
            return Outcome.BUSY;
        }
        try {
            List<Long> holders = ledger.liveOrderUsers(id);
            long expectedStock = activity.stockTotal() - holders.size();
            String stock = redis.opsForValue().get(SeckillKeys.stock(id));
            Set<String> inRedis = redis.opsForSet().members(SeckillKeys.users(id));
            Set<String> inMysql = new HashSet<>();
            holders.forEach(user -> inMysql.add(String.valueOf(user)));
            if (String.valueOf(expectedStock).equals(stock) && inMysql.equals(inRedis)) {
                return Outcome.CONSISTENT;
            }
            List<String> args = new ArrayList<>();
            args.add(String.valueOf(expectedStock));
            args.addAll(inMysql);
            Long written = redis.execute(REPAIR, List.of(SeckillKeys.stock(id), SeckillKeys.users(id),
                    SeckillKeys.outbox(id), SeckillKeys.queued(id)), args.toArray());
            if (written == null || written == 0) {
                return Outcome.IN_FLIGHT;
            }
            if (ledger.liveOrders(id) != holders.size()) {
                // an order landed between the read and the write: the next round corrects it
                log.info("Activity {} changed while being reconciled; will check again", id);
            }
            log.warn("Activity {} reconciled: Redis stock {} -> {}, holders {} -> {}", id, stock, expectedStock,
                    inRedis == null ? 0 : inRedis.size(), inMysql.size());
            return Outcome.REPAIRED;
        } finally {
            lock.unlock();
        }
    }
}
