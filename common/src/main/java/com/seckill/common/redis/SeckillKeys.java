package com.seckill.common.redis;

/**
 * The only place Redis key names are spelled (DESIGN.md §5). Every key of one activity carries the
 * hash tag {@code {aid}} so a Lua script touching them stays in one Cluster slot.
 */
public final class SeckillKeys {

    private static final String PREFIX = "seckill:";

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

    /** Redisson lock guarding the warm-up of one activity across instances. */
    public static String warmupLock(long activityId) {
        return activity(activityId, "lock:warmup");
    }

    /** String: JSON {@code RequestResult} of one purchase request. */
    public static String result(String requestId) {
        return PREFIX + "result:" + requestId;
    }

    /** Prefix of every gateway rate-limiter key. */
    public static String rate(String bucket) {
        return PREFIX + "rate:" + bucket;
    }
}
