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

    /**
     * Sorted set: request ids accepted by the script and not yet settled by order-service, scored
     * by acceptance time (epoch ms), so a request left QUEUED too long can be found and settled.
     */
    public static String queued(long activityId) {
        return activity(activityId, "queued");
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
     * Hash: the waiting room of one activity (DESIGN.md §11): {@code joined} (joins so far),
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
     * admission run out joins again at the back (DESIGN.md §11).
     */
    public static String queueLeft(long activityId) {
        return activity(activityId, "queue:left");
    }

    /** Redisson lock for a job that one instance at a time should run (a sweeper, a relay). */
    public static String jobLock(String job) {
        return PREFIX + "lock:" + job;
    }

    /** String: JSON {@code RequestResult} of one purchase request. */
    public static String result(String requestId) {
        return PREFIX + "result:" + requestId;
    }

    /**
     * Prefix of every gateway rate-limiter key. One hash tag for all of them: the limiter takes a token
     * from the address, user and activity buckets of a request in one script, whose keys must share a
     * Cluster slot (the price: the limiter's state lives on one node of a Redis Cluster).
     */
    public static String rate(String bucket) {
        return PREFIX + "rate:{limits}:" + bucket;
    }

    /** Hash: token bucket (tokens, last refill) of one client address. */
    public static String rateIp(String canonicalIp) {
        return rate("ip:" + canonicalIp);
    }

    /** Hash: token bucket of one verified user. */
    public static String rateUser(long userId) {
        return rate("user:" + userId);
    }

    /** Hash: token bucket of the purchase attempts on one activity, across all users. */
    public static String rateActivity(long activityId) {
        return rate("activity:" + activityId);
    }

    /** String with TTL: the answer of the captcha last shown to one user for one activity; deleted on first use. */
    public static String captcha(long activityId, long userId) {
        return activity(activityId, "captcha:" + userId);
    }

    // The blacklist keys share one hash tag so the scripts that change them stay in one Cluster slot.

    /** Hash: blacklist entry id -> JSON entry (user id and/or IP, reason, expiry); a copy of MySQL's table. */
    public static String blacklist() {
        return PREFIX + "{blacklist}";
    }

    /** String: bumped on every blacklist change, so gateway instances reload only when it moved. */
    public static String blacklistVersion() {
        return PREFIX + "{blacklist}:version";
    }
}
