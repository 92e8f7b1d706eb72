package com.seckill.seckill.activity;

import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
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
 * script sells only while the stamp matches the process serving it (DESIGN.md §10).
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

    /** The Redis process now serving the activity's keys, and the one its figures were built in. */
    record Stamp(String runId, String lastSave, String stampedRunId, String stampedEpoch, boolean stockPresent) {

        /** Built in this very process: whatever it holds, it has served it. */
        boolean sameProcess() {
            return stockPresent && runId.equals(stampedRunId);
        }

        /** Sellable as it is: the purchase script's own test passes. */
        boolean current() {
            return sameProcess() && lastSave.equals(stampedEpoch);
        }
    }

    Stamp stamp(long activityId) {
        List<?> answer = redis.execute(IDENTITY, List.of(SeckillKeys.info(activityId), SeckillKeys.stock(activityId)));
        if (answer == null || answer.size() < 5) {
            throw new IllegalStateException("Redis gave no identity for activity " + activityId);
        }
        return new Stamp(String.valueOf(answer.get(0)), String.valueOf(answer.get(1)), String.valueOf(answer.get(2)),
                String.valueOf(answer.get(3)), ((Number) answer.get(4)).longValue() == 1);
    }

    /** The same process took a snapshot: its figures stand, the stamp follows LASTSAVE. */
    boolean restamp(long activityId, String runId) {
        return Long.valueOf(1).equals(redis.execute(RESTAMP, List.of(SeckillKeys.info(activityId)), runId));
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
     * holding a unit. False if it has figures already.
     */
    boolean buildFresh(Activity activity, Collection<Long> topUps) {
        return build("fresh", activity, topUps, List.of());
    }

    /**
     * Figures rebuilt from MySQL, replacing whatever Redis holds. Only once every accepted purchase
     * is written: false (nothing changed) if an outbox entry shows one that is not.
     *
     * @param activity the row as just read from MySQL: its stock and stockTotal are what Redis gets
     * @param topUps   the stock top-ups that row includes, so none is added to it again
     */
    boolean rebuild(Activity activity, Collection<Long> topUps, Collection<Long> holders) {
        return build("rebuild", activity, topUps, holders);
    }

    private boolean build(String mode, Activity activity, Collection<Long> topUps, Collection<Long> holders) {
        long id = activity.id();
        List<String> args = new ArrayList<>(16 + topUps.size() + holders.size());
        args.add(mode);
        args.add(String.valueOf(activity.stock()));
        definition(activity).forEach((field, value) -> {
            args.add(field);
            args.add(value);
        });
        args.add("stockTotal");
        args.add(String.valueOf(activity.stockTotal()));
        args.add(String.valueOf(topUps.size()));
        topUps.forEach(topUp -> args.add(String.valueOf(topUp)));
        holders.forEach(holder -> args.add(String.valueOf(holder)));
        Long written = redis.execute(BUILD, List.of(SeckillKeys.info(id), SeckillKeys.stock(id), SeckillKeys.users(id),
                SeckillKeys.queued(id), SeckillKeys.outbox(id), SeckillKeys.topUps(id)), args.toArray());
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
    void clear(long activityId) {
        redis.delete(List.of(SeckillKeys.info(activityId), SeckillKeys.stock(activityId),
                SeckillKeys.users(activityId), SeckillKeys.outbox(activityId), SeckillKeys.queued(activityId),
                SeckillKeys.topUps(activityId)));
    }
}
