package com.seckill.web.warmup;

/**
 * One request an inner service sends itself while it warms up, as the gateway would forward it: for a
 * shopper ({@code userId}) or for nobody (null); {@code body} is JSON or null.
 */
public record WarmUpCall(String method, String path, Long userId, String body) {

    /** User ids the warm-up acts for: far above any shopper's, so that nothing it does is anyone's. */
    public static final long FIRST_USER = 9_000_000_000_000_000_000L;

    public static WarmUpCall get(String path) {
        return new WarmUpCall("GET", path, null, null);
    }

    public static WarmUpCall asUser(String method, String path, long userId) {
        return new WarmUpCall(method, path, userId, null);
    }
}
