package com.seckill.seckill.activity;

import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * An activity's figures in Redis (info, stock, holders) and the stamp of the Redis process they
 * were built in: {@code runId} and {@code epoch} (its LASTSAVE) in the info hash. The purchase
 * script sells only while the stamp matches the process serving it (contract §10). An activity sold from
 * several buckets has figures and a stamp per bucket (each may sit on another Redis master).
 */
@Component
class SaleFigures {

    private static final RedisScript<List> IDENTITY = RedisScript.of(LuaScripts.text("lua/redis-identity.lua"), List.class);
    private static final RedisScript<Long> RESTAMP = RedisScript.of(LuaScripts.text("lua/restamp.lua"), Long.class);
    private static final RedisScript<Long> BUILD = RedisScript.of(LuaScripts.text("lua/warm.lua"), Long.class);

    private final StringRedisTemplate redis;

    SaleFigures(StringRedisTemplate redis) {
        this.redis = redis;
    }

    /** The Redis process now serving one bucket's keys, and the one its figures were built in. */
    record Stamp(StockBucket bucket, String runId, String lastSave, String stampedRunId, String stampedEpoch,
                 boolean stockPresent) {

        /** Built in this very process: whatever it holds, it has served it. */
        boolean sameProcess() {
            return stockPresent && runId.equals(stampedRunId);
        }

        /** Sellable as it is: the purchase script's own test passes. */
        boolean current() {
            return sameProcess() && lastSave.equals(stampedEpoch);
        }
    }

    /** The stamps of every bucket of an activity (one, unless it is sold from several). */
    record Stamps(List<Stamp> buckets) {

        /** Every bucket was built in the process now serving it. */
        boolean sameProcess() {
            return buckets.stream().allMatch(Stamp::sameProcess);
        }

        /** Every bucket sellable as it is. */
        boolean current() {
            return buckets.stream().allMatch(Stamp::current);
        }

        /** No bucket has figures: nothing was ever built, or every one was lost. */
        boolean noneBuilt() {
            return buckets.stream().noneMatch(Stamp::stockPresent);
        }

        /** Some bucket has none. */
        boolean anyMissing() {
            return buckets.stream().anyMatch(stamp -> !stamp.stockPresent());
        }
    }

    Stamps stamp(Activity activity) {
        List<Stamp> stamps = new ArrayList<>(activity.buckets());
        for (StockBucket bucket : activity.stockBuckets()) {
            List<?> answer = redis.execute(IDENTITY, List.of(bucket.info(), bucket.stock()));
            if (answer == null || answer.size() < 5) {
                throw new IllegalStateException("Redis gave no identity for activity " + activity.id());
            }
            stamps.add(new Stamp(bucket, String.valueOf(answer.get(0)), String.valueOf(answer.get(1)),
                    String.valueOf(answer.get(2)), String.valueOf(answer.get(3)), ((Number) answer.get(4)).longValue() == 1));
        }
        return new Stamps(List.copyOf(stamps));
    }

    /** The same processes took snapshots: the figures stand, the stamps follow LASTSAVE. */
    void restamp(Stamps stamps) {
        stamps.buckets().stream().filter(stamp -> !stamp.current())
                .forEach(stamp -> redis.execute(RESTAMP, List.of(stamp.bucket().info()), stamp.runId()));
    }

    /**
     * Stops every bucket of the activity selling (their stamps are struck out, so the purchase script answers
     * "not warmed"): one bucket lost its figures, and the others must not sell while they are rebuilt from a
     * MySQL that would not yet count what they sell meanwhile.
     */
    void pause(Activity activity) {
        if (activity.buckets() > 1) {
            activity.stockBuckets().forEach(bucket -> redis.opsForHash().delete(bucket.info(), "runId", "epoch"));
        }
    }

    /**
     * The definition fields of the info hash, for an activity whose figures stand. Not {@code stockTotal}:
     * that is a figure, written with the stock (a build, a top-up), never from a catalog that may lag.
     */
    void describe(Activity activity) {
        redis.opsForHash().putAll(SeckillKeys.info(activity.id()), definition(activity));
    }

    /**
     * Figures of an activity that never sold, as MySQL has them: its stock (top-ups included), nobody
     * holding a unit. False if it has figures already (a bucket that has them keeps them).
     */
    boolean buildFresh(Activity activity, Collection<Long> topUps) {
        return build("fresh", activity, topUps, List.of());
    }

    /**
     * Figures rebuilt from MySQL, replacing whatever Redis holds. Only once every accepted purchase
     * is written: false if an outbox entry shows one that is not (then some buckets may be rebuilt and
     * others not: the activity stays paused, and the next attempt rebuilds them all again).
     *
     * @param activity the row as just read from MySQL: its stock and stockTotal are what Redis gets
     * @param topUps   the stock top-ups that row includes, so none is added to it again
     */
    boolean rebuild(Activity activity, Collection<Long> topUps, Collection<Long> holders) {
        return build("rebuild", activity, topUps, holders);
    }

    /**
     * Units left split evenly over the buckets (the first ones take the remainder), each holder in the bucket
     * of their home.
     */
    private boolean build(String mode, Activity activity, Collection<Long> topUps, Collection<Long> holders) {
        List<StockBucket> buckets = activity.stockBuckets();
        int count = buckets.size();
        List<List<Long>> homes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            homes.add(new ArrayList<>());
        }
        holders.forEach(holder -> homes.get(SeckillKeys.homeIndex(holder, count)).add(holder));
        boolean written = true;
        for (int i = count - 1; i >= 0; i--) {
            int share = activity.stock() / count + (i < activity.stock() % count ? 1 : 0);
            written &= build(mode, buckets.get(i), activity, share, topUps, homes.get(i));
        }
        return written;
    }

    private boolean build(String mode, StockBucket bucket, Activity activity, int units, Collection<Long> topUps,
                          Collection<Long> holders) {
        List<String> args = new ArrayList<>(16 + topUps.size() + holders.size());
        args.add(mode);
        args.add(String.valueOf(units));
        definition(activity).forEach((field, value) -> {
            args.add(field);
            args.add(value);
        });
        args.add("stockTotal");
        args.add(String.valueOf(activity.stockTotal()));
        args.add(String.valueOf(topUps.size()));
        topUps.forEach(topUp -> args.add(String.valueOf(topUp)));
        holders.forEach(holder -> args.add(String.valueOf(holder)));
        Long written = redis.execute(BUILD, List.of(bucket.info(), bucket.stock(), bucket.users(), bucket.queued(),
                bucket.outbox(), bucket.topUps(), bucket.lent(), bucket.received()), args.toArray());
        return Long.valueOf(1).equals(written);
    }

    private static Map<String, String> definition(Activity activity) {
        return Map.of(
                "goodsName", activity.goodsName(),
                "price", activity.price().toPlainString(),
                "startTime", String.valueOf(activity.startTime().toEpochMilli()),
                "endTime", String.valueOf(activity.endTime().toEpochMilli()),
                "captchaRequired", String.valueOf(activity.captchaRequired()));
    }

    /**
     * A new activity id may meet keys left by an earlier database with the same ids (a reset
     * schema, a restored backup): they describe another sale and must not leak into this one.
     */
    void clear(Activity activity) {
        activity.stockBuckets().forEach(bucket -> redis.delete(bucket.all()));
    }
}
