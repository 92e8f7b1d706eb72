package com.seckill.gateway.auth;

import org.springframework.http.HttpMethod;

/**
 * Which canonical paths (see {@code CanonicalPathFilter}) are public, which need a user and which an admin (DESIGN.md §4). Everything under
 * {@code /api} not listed as public needs a token, so a new downstream endpoint is protected by
 * default; outside {@code /api} the gateway only serves the static demo page and its health probe.
 */
final class AccessRules {

    private static final String ACTIVITIES = "/api/activities";
    private static final String PAYMENT_CALLBACK = "/api/payments/callback";
    private static final String ADMIN_PREFIX = "/api/admin";
    private static final String API_PREFIX = "/api";
    private static final String DEMO_TOKEN = "/api/auth/demo-token";
    private static final String SERVER_TIME = "/api/time";

    private AccessRules() {
    }

    static Access required(HttpMethod method, String path) {
        if (!path.equals(API_PREFIX) && !path.startsWith(API_PREFIX + "/")) {
            return Access.PUBLIC;
        }
        if (path.equals(ADMIN_PREFIX) || path.startsWith(ADMIN_PREFIX + "/")) {
            return Access.ADMIN;
        }
        if ((HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method)) && isActivityListOrOne(path)) {
            return Access.PUBLIC;
        }
        // The pages count down to a sale by the server's clock, signed in or not.
        if ((HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method)) && path.equals(SERVER_TIME)) {
            return Access.PUBLIC;
        }
        // Signing in is how a caller gets a token; the endpoint exists only where the demo login is switched on.
        if (HttpMethod.POST.equals(method) && path.equals(DEMO_TOKEN)) {
            return Access.PUBLIC;
        }
        // The payment provider cannot hold a user token; payment-service verifies the callback's HMAC instead.
        if (HttpMethod.POST.equals(method) && path.equals(PAYMENT_CALLBACK)) {
            return Access.PUBLIC;
        }
        return Access.USER;
    }

    private static boolean isActivityListOrOne(String path) {
        if (path.equals(ACTIVITIES) || path.equals(ACTIVITIES + "/")) {
            return true;
        }
        if (!path.startsWith(ACTIVITIES + "/")) {
            return false;
        }
        String id = path.substring(ACTIVITIES.length() + 1);
        return !id.isEmpty() && id.chars().allMatch(AccessRules::isIdChar);
    }

    private static boolean isIdChar(int c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_';
    }
}
