package com.seckill.gateway.auth;

import org.springframework.http.HttpMethod;
import org.springframework.security.config.web.server.ServerHttpSecurity.AuthorizeExchangeSpec;
import org.springframework.security.web.server.util.matcher.OrServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Which canonical paths (see {@code CanonicalPathFilter}) are public, which need a user and which an admin
 * (contract §4), as Spring Security's route rules. Everything under {@code /api} not listed as public needs
 * a token, so a new downstream endpoint is protected by default; outside {@code /api} the gateway only
 * serves its pages, static files and health probe.
 */
final class AccessRules {

    static final ServerWebExchangeMatcher ADMIN_API = ServerWebExchangeMatchers.pathMatchers("/api/admin/**");

    static final ServerWebExchangeMatcher PUBLIC_API = new OrServerWebExchangeMatcher(
            // The activities, and the server's clock the pages count down by, signed in or not.
            ServerWebExchangeMatchers.pathMatchers(HttpMethod.GET,
                    "/api/activities", "/api/activities/", "/api/activities/{id:[a-zA-Z0-9_-]+}", "/api/time"),
            ServerWebExchangeMatchers.pathMatchers(HttpMethod.HEAD,
                    "/api/activities", "/api/activities/", "/api/activities/{id:[a-zA-Z0-9_-]+}", "/api/time"),
            // Signing in is how a caller gets a token (the endpoint exists only where the demo login is on);
            // the payment provider cannot hold a user token: payment-service verifies the callback's HMAC.
            ServerWebExchangeMatchers.pathMatchers(HttpMethod.POST, "/api/auth/demo-token", "/api/payments/callback"));

    static final ServerWebExchangeMatcher API = ServerWebExchangeMatchers.pathMatchers("/api/**");

    private AccessRules() {
    }

    static void apply(AuthorizeExchangeSpec rules) {
        rules.matchers(ADMIN_API).hasRole(JwtTokens.ADMIN)
                .matchers(PUBLIC_API).permitAll()
                .matchers(API).authenticated()
                .anyExchange().permitAll();
    }

    /** What the exchange's path and method need; the rules above, read for one request. */
    static Mono<Access> required(ServerWebExchange exchange) {
        return matches(ADMIN_API, exchange).flatMap(admin -> admin ? Mono.just(Access.ADMIN)
                : matches(PUBLIC_API, exchange).flatMap(open -> open ? Mono.just(Access.PUBLIC)
                        : matches(API, exchange).map(api -> api ? Access.USER : Access.PUBLIC)));
    }

    private static Mono<Boolean> matches(ServerWebExchangeMatcher matcher, ServerWebExchange exchange) {
        return matcher.matches(exchange).map(ServerWebExchangeMatcher.MatchResult::isMatch);
    }

    /** What a request needs before it may be routed. */
    enum Access {
        /** Anyone; a valid token, if sent, still identifies the caller. */
        PUBLIC,
        /** A valid token. */
        USER,
        /** A valid token carrying the ADMIN role. */
        ADMIN
    }
}
