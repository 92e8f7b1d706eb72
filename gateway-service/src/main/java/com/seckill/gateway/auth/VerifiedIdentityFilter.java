package com.seckill.gateway.auth;

import com.seckill.common.web.Headers;
import com.seckill.gateway.GatewayFilterOrder;
import java.util.Optional;
import org.springframework.core.annotation.Order;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Right after Spring Security, for every request, routed or answered by the gateway itself: whatever the
 * client sent as {@code X-User-Id} and {@code X-User-Roles} is removed and only the verified token's values
 * are forwarded (the services check them against the gateway's signed word, see {@code IdentityRelayFilter}),
 * and the caller is kept on the exchange for the filters after this one.
 */
@Component
@Order(GatewayFilterOrder.VERIFIED_IDENTITY)
class VerifiedIdentityFilter implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        return ReactiveSecurityContextHolder.getContext()
                .map(SecurityContext::getAuthentication)
                .filter(JwtAuthenticationToken.class::isInstance)
                .map(authentication -> JwtTokens.user(((JwtAuthenticationToken) authentication).getToken()))
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .flatMap(user -> chain.filter(forward(exchange, user.orElse(null))));
    }

    private static ServerWebExchange forward(ServerWebExchange exchange, AuthenticatedUser user) {
        ServerHttpRequest forwarded = exchange.getRequest().mutate().headers(headers -> {
            headers.remove(Headers.USER_ID);
            headers.remove(Headers.USER_ROLES);
            if (user != null) {
                headers.set(Headers.USER_ID, Long.toString(user.userId()));
                if (user.admin()) {
                    headers.set(Headers.USER_ROLES, JwtTokens.ADMIN);
                }
            }
        }).build();
        ServerWebExchange next = exchange.mutate().request(forwarded).build();
        if (user != null) {
            user.attachTo(next);
        }
        return next;
    }
}
