package com.seckill.gateway.relay;

import com.seckill.common.trust.InternalTokens;
import com.seckill.gateway.GatewayFilterOrder;
import com.seckill.gateway.auth.AuthenticatedUser;
import java.time.Clock;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The last word before a request leaves for an inner service: the shopper's own JWT stays here, and
 * the service receives instead an internal token the gateway signs for this very request (method and
 * path) and the user it verified, or for nobody when the request is anonymous. Inner services believe
 * nothing else, so a request sent to them around the gateway acts for no one.
 */
@Component
class IdentityRelayFilter implements GlobalFilter, Ordered {

    private final InternalTokens tokens;
    private final Clock clock;

    IdentityRelayFilter(InternalTokens tokens, Clock clock) {
        this.tokens = tokens;
        this.clock = clock;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        AuthenticatedUser user = AuthenticatedUser.of(exchange).orElse(null);
        String token = tokens.forwarded(user == null ? null : user.userId(), user != null && user.admin(),
                request.getMethod().name(), request.getURI().getRawPath(), clock.instant());
        ServerHttpRequest forwarded = request.mutate()
                .headers(headers -> headers.set(HttpHeaders.AUTHORIZATION, "Bearer " + token))
                .build();
        return chain.filter(exchange.mutate().request(forwarded).build());
    }

    @Override
    public int getOrder() {
        return GatewayFilterOrder.IDENTITY_RELAY;
    }
}
