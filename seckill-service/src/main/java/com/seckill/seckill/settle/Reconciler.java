package com.seckill.seckill.settle;

import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.orders.OrderRecords;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Compares each activity's Redis figures (stock, holders) with the live orders MySQL recorded and
 * repairs Redis when they differ, but only if nothing was in flight and nothing changed in Redis
 * between its reading and the repair: the figures are read by one script that answers only while no
 * purchase waits in the outbox or the queued set (so every purchase they count is in MySQL when it is
 * read next), and the repair is a script that first checks the stock and the holders it was built from.
 * A purchase accepted and turned into an order while MySQL was being read can therefore never be
 * undone by a repair built from the older snapshot. Every repair is logged. (A script rather than
 * WATCH/MULTI: Redis Cluster clients do not run transactions, a script on one activity's slot runs anywhere.)
 */
@Component
public class Reconciler {

    private static final Logger log = LoggerFactory.getLogger(Reconciler.class);
    @SuppressWarnings("rawtypes")
    private static final RedisScript<List> READ = RedisScript.of(LuaScripts.text("lua/reconcile-read.lua"), List.class);
    private static final RedisScript<Long> REPAIR = RedisScript.of(LuaScripts.text("lua/reconcile.lua"), Long.class);

    public enum Outcome { CONSISTENT, REPAIRED, IN_FLIGHT, BUSY }

    private final StringRedisTemplate redis;
    private final RedissonClient redisson;
    private final OrderRecords orders;
    private final ActivityCatalog catalog;
    private final Clock clock;
    private final AtomicInteger mismatches = new AtomicInteger();
    private final AtomicLong lastRound = new AtomicLong();

    Reconciler(StringRedisTemplate redis, RedissonClient redisson, OrderRecords orders, ActivityCatalog catalog, Clock clock,
               MeterRegistry meters) {
        Gauge.builder("seckill.reconciliation.mismatches", mismatches, AtomicInteger::get)
                .description("Activities whose Redis figures differed from MySQL at the last reconciliation round")
                .register(meters);
        Gauge.builder("seckill.job.last.success", lastRound, AtomicLong::get).tag("job", "reconciliation")
                .description("When the job last completed (epoch seconds)").register(meters);
        this.redis = redis;
        this.redisson = redisson;
        this.orders = orders;
        this.catalog = catalog;
        this.clock = clock;
    }

    @Scheduled(fixedDelayString = SeckillProperties.RECONCILE_INTERVAL, initialDelayString = SeckillProperties.RECONCILE_INTERVAL)
    void reconcileAll() {
        int outOfLine = 0;
        for (Activity activity : catalog.all()) {
            try {
                if (reconcile(activity) == Outcome.REPAIRED) {
                    outOfLine++;
                }
            } catch (RuntimeException e) {
                log.warn("Reconciliation of activity {} failed: {}", activity.id(), e.toString());
            }
        }
        mismatches.set(outOfLine);
        lastRound.set(clock.instant().getEpochSecond());
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
            return compareAndRepair(activity);
        } finally {
            lock.unlock();
        }
    }

    private Outcome compareAndRepair(Activity activity) {
        long id = activity.id();
        List<?> read = redis.execute(READ, List.of(SeckillKeys.stock(id), SeckillKeys.users(id), SeckillKeys.outbox(id),
                SeckillKeys.queued(id)));
        if (read == null || read.isEmpty()) {
            return Outcome.IN_FLIGHT;
        }
        String stock = String.valueOf(read.get(0));
        String holdersDigest = String.valueOf(read.get(1));
        Set<String> inRedis = new HashSet<>();
        read.subList(2, read.size()).forEach(holder -> inRedis.add(String.valueOf(holder)));
        Set<String> inMysql = new HashSet<>();
        orders.holders(id).forEach(user -> inMysql.add(String.valueOf(user)));
        String expectedStock = String.valueOf(activity.stockTotal() - inMysql.size());
        if (expectedStock.equals(stock) && inMysql.equals(inRedis)) {
            return Outcome.CONSISTENT;
        }
        List<String> args = new ArrayList<>(inMysql.size() + 4);
        args.add(stock);
        args.add(holdersDigest);
        args.add(expectedStock);
        args.add(String.valueOf(activity.stockTotal()));
        args.addAll(inMysql);
        Long repaired = redis.execute(REPAIR, List.of(SeckillKeys.stock(id), SeckillKeys.users(id), SeckillKeys.outbox(id),
                SeckillKeys.queued(id), SeckillKeys.info(id)), args.toArray());
        if (!Long.valueOf(1).equals(repaired)) {
            return Outcome.IN_FLIGHT; // something moved since the reads: the next round looks again
        }
        log.warn("Activity {} reconciled: Redis stock {} -> {}, holders {} -> {}", id, stock, expectedStock,
                inRedis.size(), inMysql.size());
        return Outcome.REPAIRED;
    }
}
