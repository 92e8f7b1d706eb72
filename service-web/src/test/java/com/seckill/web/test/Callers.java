package com.seckill.web.test;

import com.seckill.common.trust.InternalTokens;
import java.time.Instant;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

/**
 * Integration tests call an inner service as the platform does: through the gateway (a token the
 * gateway would sign for exactly that request) or as another service (a scoped service token),
 * signed with the local profile's development key.
 */
public final class Callers {

    private static final InternalTokens TOKENS = new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, true);

    private Callers() {
    }

    /** A shopper's request forwarded by the gateway. */
    public static RequestPostProcessor user(long userId) {
        return forwarded(userId, false);
    }

    /** An administrator's request forwarded by the gateway. */
    public static RequestPostProcessor admin(long userId) {
        return forwarded(userId, true);
    }

    /** A request the gateway forwarded without a user (public browsing, the payment provider's callback). */
    public static RequestPostProcessor anonymous() {
        return forwarded(null, false);
    }

    /** Another service calling, with these scopes. */
    public static RequestPostProcessor service(String name, String... scopes) {
        return request -> {
            request.addHeader(HttpHeaders.AUTHORIZATION, "Bearer " + serviceToken(name, scopes));
            return request;
        };
    }

    public static String serviceToken(String name, String... scopes) {
        return TOKENS.service(name, List.of(scopes), Instant.now());
    }

    /** The Authorization header value the gateway would send for this request. */
    public static String forwardedHeader(Long userId, boolean admin, String method, String rawPath) {
        return "Bearer " + TOKENS.forwarded(userId, admin, method, rawPath, Instant.now());
    }

    private static RequestPostProcessor forwarded(Long userId, boolean admin) {
        return request -> {
            request.addHeader(HttpHeaders.AUTHORIZATION,
                    forwardedHeader(userId, admin, request.getMethod(), request.getRequestURI()));
            return request;
        };
    }
}
