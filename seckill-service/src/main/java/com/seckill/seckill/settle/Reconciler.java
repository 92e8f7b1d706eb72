package com.seckill.seckill.settle;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.RedisOperations;
import org.springframework.data.redis.core.SessionCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Compares each activity's Redis figures (stock, holders) with MySQL's live orders and repairs
 * Redis from MySQL when they differ, but only if nothing was in flight and nothing changed in
 * Redis from before MySQL was read until the repair is written: the activity's keys are WATCHed
 * first, and the repair is a MULTI/EXEC that Redis refuses when a purchase, a settled request or a
 * returned unit touched any of them meanwhile. A purchase accepted and turned into an order while
 * MySQL was being read can therefore never be undone by a repair built from the older snapshot.
 * Every repair is logged.
 */
@Component
public class Reconciler {

    private static final Logger log = LoggerFactory.getLogger(Reconciler.class);
    /** Holders added per SADD of a repair, so one command never carries a whole sale's users. */
    private static final int SADD_CHUNK = 5_000;

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
            return redis.execute(new Repair(activity));
        } finally {
            lock.unlock();
        }
    }

    /** One reconciliation on one connection: WATCH, read Redis and MySQL, then MULTI/EXEC or nothing. */
    private final class Repair implements SessionCallback<Outcome> {

        private final Activity activity;

        Repair(Activity activity) {
            this.activity = activity;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <K, V> Outcome execute(RedisOperations<K, V> operations) throws DataAccessException {
            return reconcile((RedisOperations<String, String>) operations);
        }

        private Outcome reconcile(RedisOperations<String, String> operations) {
            long id = activity.id();
            String stockKey = SeckillKeys.stock(id);
            String usersKey = SeckillKeys.users(id);
            operations.watch(List.of(stockKey, usersKey, SeckillKeys.outbox(id), SeckillKeys.queued(id)));
            // Nothing in flight now, and nothing new until EXEC (or EXEC fails): every accepted
            // request is then already in MySQL, which is read next.
            if (operations.opsForHash().size(SeckillKeys.outbox(id)) > 0
                    || operations.opsForZSet().zCard(SeckillKeys.queued(id)) > 0) {
                operations.unwatch();
                return Outcome.IN_FLIGHT;
            }
            String stock = operations.opsForValue().get(stockKey);
            Set<String> inRedis = operations.opsForSet().members(usersKey);
            Set<String> inMysql = new HashSet<>();
            ledger.liveOrderUsers(id).forEach(user -> inMysql.add(String.valueOf(user)));
            String expectedStock = String.valueOf(activity.stockTotal() - inMysql.size());
            if (expectedStock.equals(stock) && inMysql.equals(inRedis)) {
                operations.unwatch();
                return Outcome.CONSISTENT;
            }
            operations.multi();
            operations.opsForValue().set(stockKey, expectedStock);
            operations.delete(usersKey);
            String[] holders = inMysql.toArray(String[]::new);
            for (int from = 0; from < holders.length; from += SADD_CHUNK) {
                operations.opsForSet().add(usersKey,
                        Arrays.copyOfRange(holders, from, Math.min(from + SADD_CHUNK, holders.length)));
            }
            List<Object> written = operations.exec();
            if (written == null || written.isEmpty()) {
                return Outcome.IN_FLIGHT; // Redis changed after the WATCH: the next round looks again
            }
            log.warn("Activity {} reconciled: Redis stock {} -> {}, holders {} -> {}", id, stock, expectedStock,
                    inRedis == null ? 0 : inRedis.size(), inMysql.size());
            return Outcome.REPAIRED;
        }
    }
}
