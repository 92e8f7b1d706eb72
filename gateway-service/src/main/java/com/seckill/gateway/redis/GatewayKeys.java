package com.seckill.gateway.redis;

/**
 * gateway-service's Redis keys (contract §5: {@code seckill:rate:*}, the blacklist's copy), spelled here only;
 * only the gateway uses them (its ArchitectureTest, {@code ArchitectureRules.onlyItsOwnKeys}).
 */
public final class GatewayKeys {

    private static final String PREFIX = "seckill:";

    private GatewayKeys() {
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
