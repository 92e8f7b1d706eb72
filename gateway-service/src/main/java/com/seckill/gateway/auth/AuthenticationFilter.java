package com.seckill.gateway.auth;

import com.seckill.common.web.Headers;
import com.seckill.gateway.GatewayFilterOrder;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Every request passes here, routed or answered by the gateway itself (the blacklist admin API lives
 * here, so a global filter, which sees routed requests only, would leave it open). Whatever the client
 * sent as {@code X-User-Id} and {@code X-User-Roles} is removed and only the verified token's values are
 * forwarded; the services check them against the gateway's signed word (see {@code IdentityRelayFilter}).
 */
@Component
@Order(GatewayFilterOrder.AUTHENTICATION)
class AuthenticationFilter implements WebFilter {

    private static final String BEARER = "Bearer ";

    private final JwtTokens tokens;

    AuthenticationFilter(JwtTokens tokens) {
        this.tokens = tokens;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        String path = request.getPath().pathWithinApplication().value();
        Access access = AccessRules.required(request.getMethod(), path);
        String token = bearerToken(request);
        AuthenticatedUser user = null;
        if (token != null) {
            try {
                user = tokens.verify(token);
            } catch (InvalidToken e) {
                // A stale token in the browser must not break browsing the public activity list.
                if (access != Access.PUBLIC) {
                    return Mono.error(e);
                }
            }
        }
        if (user == null && access != Access.PUBLIC) {
            return Mono.error(new MissingToken());
        }
        if (access == Access.ADMIN && !user.admin()) {
            return Mono.error(new AdminRoleRequired());
        }
        AuthenticatedUser caller = user;
        ServerHttpRequest forwarded = request.mutate().headers(headers -> {
            headers.remove(Headers.USER_ID);
            headers.remove(Headers.USER_ROLES);
            if (caller != null) {
                headers.set(Headers.USER_ID, Long.toString(caller.userId()));
                if (caller.admin()) {
                    headers.set(Headers.USER_ROLES, JwtTokens.ADMIN);
                }
            }
        }).build();
        ServerWebExchange next = exchange.mutate().request(forwarded).build();
        if (caller != null) {
            caller.attachTo(next);
        }
        return chain.filter(next);
    }

    private static String bearerToken(ServerHttpRequest request) {
        String header = request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
        if (header == null || header.length() <= BEARER.length() || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return null;
        }
        String token = header.substring(BEARER.length()).strip();
        return token.isEmpty() ? null : token;
    }
}
