package com.seckill.common.redis;

import java.util.List;

/**
 * seckill-service's Redis keys (contract §5), spelled here only; only seckill-service uses them (its
 * ArchitectureTest, {@code ArchitectureRules.onlyItsOwnKeys}): another service asks it or tells it
 * ({@link com.seckill.common.message.Settlement}). Every key of one activity carries the hash tag {@code {aid}}
 * so a Lua script touching them stays in one Cluster slot. The gateway's keys are its own ({@code GatewayKeys} in gateway-service).
 * <p>
 * An activity created with {@code "buckets":K} (contract §4) keeps its sale in K {@link StockBucket}s, each under a
 * hash tag of its own: bucket 0 is {@code {aid}} (the keys below, so K = 1 is exactly the layout of §5), bucket b
 * is {@code {aid/n}}, n chosen so that the K tags fall in K different K-ths of the slot space, and so on K
 * different masters of a cluster that splits its slots evenly.
 */
public final class SeckillKeys {

    static final String PREFIX = "seckill:";

    private SeckillKeys() {
    }

    private static String activity(long activityId, String suffix) {
        return PREFIX + "{" + activityId + "}:" + suffix;
    }

    /** Hash: goodsName, price, startTime, endTime (epoch ms), stockTotal, captchaRequired. */
    public static String info(long activityId) {
        return activity(activityId, "info");
    }

    /** String: units left for pre-deduction. */
    public static String stock(long activityId) {
        return activity(activityId, "stock");
    }

    /** Set: user ids holding a unit. */
    public static String users(long activityId) {
        return activity(activityId, "users");
    }

    /** String with TTL: the one-time purchase path of one user. */
    public static String path(long activityId, long userId) {
        return activity(activityId, "path:" + userId);
    }

    /** Hash: requestId -> order message, kept until the broker confirms it. */
    public static String outbox(long activityId) {
        return activity(activityId, "outbox");
    }

    /**
     * Sorted set: request ids accepted by the script and not yet settled by order-service, scored
     * by acceptance time (epoch ms), so a request left QUEUED too long can be found and settled.
     */
    public static String queued(long activityId) {
        return activity(activityId, "queued");
    }

    /**
     * Set: the requests ({@code r:<requestId>}) and orders ({@code o:<orderId>}) whose unit came back to the
     * sale, so that a settlement applied twice returns its unit once.
     */
    public static String returned(long activityId) {
        return activity(activityId, "returned");
    }

    /** Set: ids of the stock top-ups ({@code stock_top_up}) already added to this activity's stock. */
    public static String topUps(long activityId) {
        return activity(activityId, "topups");
    }

    /** Redisson lock guarding the outbox sweep of one activity across instances. */
    public static String relayLock(long activityId) {
        return activity(activityId, "lock:relay");
    }

    /** Redisson lock guarding the reconciliation of one activity across instances. */
    public static String reconcileLock(long activityId) {
        return activity(activityId, "lock:reconcile");
    }

    /** Redisson lock guarding the warm-up of one activity across instances. */
    public static String warmupLock(long activityId) {
        return activity(activityId, "lock:warmup");
    }

    /**
     * Hash: the waiting room of one activity (contract §11): {@code joined} (joins so far),
     * {@code drawn} (how many joined before the start, once the places are drawn), {@code serving},
     * {@code tick} (epoch ms the serving position last moved), {@code rate}, {@code paused}, {@code seed}.
     */
    public static String queue(long activityId) {
        return activity(activityId, "queue:state");
    }

    /** Hash: user id -> join number, in the waiting room of one activity. */
    public static String queueMembers(long activityId) {
        return activity(activityId, "queue:members");
    }

    /** Hash: user id -> epoch ms of the first admission, in the waiting room of one activity. */
    public static String queueAdmitted(long activityId) {
        return activity(activityId, "queue:admitted");
    }

    /**
     * Hash: user id -> the join number whose admission ran out unused, in the waiting room of one
     * activity. A signed ticket for that place (or an earlier one) no longer gives it back: who let an
     * admission run out joins again at the back (contract §11).
     */
    public static String queueLeft(long activityId) {
        return activity(activityId, "queue:left");
    }

    /** Redisson lock for a job that one instance at a time should run (a sweeper, a relay). */
    public static String jobLock(String job) {
        return PREFIX + "lock:" + job;
    }

    /** String: JSON of one purchase request's result (seckill-service's {@code RequestResult}). */
    public static String result(String requestId) {
        return PREFIX + "result:" + requestId;
    }

    /** String with TTL: the answer of the captcha last shown to one user for one activity; deleted on first use. */
    public static String captcha(long activityId, long userId) {
        return activity(activityId, "captcha:" + userId);
    }

    /** The buckets of an activity sold over {@code count} of them; bucket 0's keys are those above. */
    public static List<StockBucket> buckets(long activityId, int count) {
        return StockBucket.of(activityId, count);
    }

    /**
     * The bucket that keeps a user's hold, path and purchases in an activity sold over {@code count} buckets:
     * always the same one, so the duplicate check of one bucket is the check of the whole sale.
     */
    public static int homeIndex(long userId, int count) {
        // mixed first: ids handed out in steps of K would otherwise all land in one bucket
        long mixed = userId * 0x9E3779B97F4A7C15L;
        return (int) Math.floorMod(mixed ^ (mixed >>> 32), (long) count);
    }
}
