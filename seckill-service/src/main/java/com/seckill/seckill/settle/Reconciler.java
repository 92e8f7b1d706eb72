package com.seckill.seckill.settle;

import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.activity.StockTransfers;
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
 * An activity sold from several buckets is read bucket by bucket and repaired bucket by bucket: each holder in
 * the bucket of their home, units missing or too many set right on as few buckets as it takes.
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
    private final StockTransfers transfers;
    private final AtomicInteger mismatches = new AtomicInteger();
    private final AtomicLong lastRound = new AtomicLong();

    Reconciler(StringRedisTemplate redis, RedissonClient redisson, OrderRecords orders, ActivityCatalog catalog, Clock clock,
               MeterRegistry meters, StockTransfers transfers) {
        this.transfers = transfers;
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
        for (StockBucket bucket : activity.stockBuckets()) {
            if (!Boolean.TRUE.equals(redis.hasKey(bucket.stock()))) {
                return Outcome.CONSISTENT; // not warmed: the warmer builds it from MySQL
            }
        }
        RLock lock = redisson.getLock(SeckillKeys.reconcileLock(id));
        if (!lock.tryLock()) {
            return Outcome.BUSY;
        }
        try {
            transfers.finishPending(activity);
            return compareAndRepair(activity);
        } finally {
            lock.unlock();
        }
    }

    /** One bucket's figures as read while nothing was in flight in it. */
    private record Read(StockBucket bucket, long stock, String holdersDigest, Set<String> holders) {
    }

    private Outcome compareAndRepair(Activity activity) {
        long id = activity.id();
        List<Read> reads = new ArrayList<>(activity.buckets());
        for (StockBucket bucket : activity.stockBuckets()) {
            List<?> read = redis.execute(READ, List.of(bucket.stock(), bucket.users(), bucket.outbox(), bucket.queued(),
                    bucket.lent()));
            if (read == null || read.isEmpty()) {
                return Outcome.IN_FLIGHT;
            }
            Set<String> holders = new HashSet<>();
            read.subList(2, read.size()).forEach(holder -> holders.add(String.valueOf(holder)));
            reads.add(new Read(bucket, Long.parseLong(String.valueOf(read.get(0))), String.valueOf(read.get(1)), holders));
        }
        List<Long> inMysql = orders.holders(id);
        long expectedStock = activity.stockTotal() - inMysql.size();
        List<Set<String>> expectedHolders = new ArrayList<>(reads.size());
        reads.forEach(read -> expectedHolders.add(new HashSet<>()));
        inMysql.forEach(user -> expectedHolders.get(SeckillKeys.homeIndex(user, reads.size())).add(String.valueOf(user)));
        long[] expected = shares(reads.stream().mapToLong(Read::stock).toArray(), expectedStock);
        List<Integer> differing = new ArrayList<>();
        for (int i = 0; i < reads.size(); i++) {
            if (expected[i] != reads.get(i).stock() || !expectedHolders.get(i).equals(reads.get(i).holders())) {
                differing.add(i);
            }
        }
        if (differing.isEmpty()) {
            return Outcome.CONSISTENT;
        }
        for (int i : differing) {
            Read read = reads.get(i);
            List<String> args = new ArrayList<>(expectedHolders.get(i).size() + 4);
            args.add(Long.toString(read.stock()));
            args.add(read.holdersDigest());
            args.add(Long.toString(expected[i]));
            args.add(String.valueOf(activity.stockTotal()));
            args.addAll(expectedHolders.get(i));
            StockBucket bucket = read.bucket();
            Long repaired = redis.execute(REPAIR, List.of(bucket.stock(), bucket.users(), bucket.outbox(), bucket.queued(),
                    bucket.info(), bucket.lent()), args.toArray());
            if (!Long.valueOf(1).equals(repaired)) {
                return Outcome.IN_FLIGHT; // something moved since the reads: the next round looks again
            }
            log.warn("Activity {} reconciled (bucket {}): Redis stock {} -> {}, holders {} -> {}", id, bucket.index(),
                    read.stock(), expected[i], read.holders().size(), expectedHolders.get(i).size());
        }
        return Outcome.REPAIRED;
    }

    /**
     * The stock each bucket should hold so that they add up to what MySQL leaves, changing as little as it
     * takes: units missing go to the bucket with the fewest, units too many come off the buckets with the most
     * (none below zero).
     */
    static long[] shares(long[] stocks, long expectedTotal) {
        long[] shares = new long[stocks.length];
        long total = 0;
        for (int i = 0; i < shares.length; i++) {
            shares[i] = Math.max(stocks[i], 0);
            total += shares[i];
        }
        long missing = Math.max(expectedTotal, 0) - total;
        if (missing >= 0) {
            shares[indexOf(shares, false)] += missing;
        }
        while (missing < 0) {
            int most = indexOf(shares, true);
            long taken = Math.min(shares[most], -missing);
            shares[most] -= taken;
            missing += taken;
        }
        return shares;
    }

    private static int indexOf(long[] shares, boolean most) {
        int found = 0;
        for (int i = 1; i < shares.length; i++) {
            if (most ? shares[i] > shares[found] : shares[i] < shares[found]) {
                found = i;
            }
        }
        return found;
    }
}
