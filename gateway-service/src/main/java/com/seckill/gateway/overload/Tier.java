package com.seckill.gateway.overload;

import com.seckill.gateway.SalePaths;

/**
 * The inner service a request is routed to, as the gateway's routes say (application.yml), purchases
 * apart; each has a concurrency limit of its own, since one saturated service must not shed another's
 * requests, and a purchase (the second step of a shopper) must not wait behind the crowd's first steps.
 * Event streams stay open for as long as an outcome takes: they hold no slot (they cost the gateway
 * and seckill-service no thread, and would pin the limit without saying anything about latency).
 */
enum Tier {
    /** seckill-service's purchases: a shopper who holds a path is further along than one asking for it. */
    PURCHASE,
    /**
     * Waiting rooms' joins and the polls the gateway does not answer itself ({@code /api/seckill/{aid}/queue}):
     * the crowd that waits. Apart, so that it never sheds the path request of a shopper it admitted; bounded by
     * the ceiling, not adaptive (a join shed is a place lost); told to come back later than the rest.
     */
    QUEUE,
    /** The rest of seckill-service: paths, catalog, results. */
    SECKILL,
    /**
     * Operators' requests to seckill-service ({@code /api/admin/activities/**}): pausing a queue or adding
     * stock is what a sale needs most when its crowd has filled every other tier, so the crowd never sheds
     * them. A fixed limit: a handful at a time, whatever the shoppers' latency.
     */
    ADMIN,
    ORDER,
    PAYMENT;

    private static final String EVENTS = "/events";
    private static final String TOKEN = "token";
    private static final String REFUND = "/refund";

    /** @return the tier, or null for what the gateway answers itself and for event streams */
    static Tier of(boolean post, String path) {
        if (path.endsWith(EVENTS)) {
            return null;
        }
        if (SalePaths.pollOf(path) != null) {
            return QUEUE;
        }
        if (under(path, "/api/admin/activities")) {
            return ADMIN;
        }
        if (under(path, "/api/seckill") || under(path, "/api/activities")) {
            return post && isPurchase(path) ? PURCHASE : SECKILL;
        }
        if (under(path, "/api/orders") && path.endsWith(REFUND) || under(path, "/api/payments") || under(path, "/api/admin/payments")) {
            return PAYMENT; // a refund is payment-service's
        }
        if (under(path, "/api/orders") || under(path, "/api/admin/orders")) {
            return ORDER;
        }
        return null;
    }

    /** {@code /api/seckill/{aid}/{path}}, the path being neither of the two other actions there. */
    private static boolean isPurchase(String path) {
        Long sale = SalePaths.saleOf(path);
        if (sale == null) {
            return false;
        }
        String action = path.substring(path.lastIndexOf('/') + 1);
        return !action.equals(TOKEN) && SalePaths.pollOf(path) == null;
    }

    private static boolean under(String path, String prefix) {
        return path.startsWith(prefix) && (path.length() == prefix.length() || path.charAt(prefix.length()) == '/');
    }

    String tag() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
