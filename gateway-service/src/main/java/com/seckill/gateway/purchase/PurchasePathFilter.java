package com.seckill.gateway.purchase;

import com.seckill.common.error.SeckillException;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.gateway.GatewayFilterOrder;
import com.seckill.gateway.auth.AuthenticatedUser;
import java.time.Clock;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Routes a purchase only on a path seckill-service issued to this user for this activity and that has
 * not expired: its signature says so, checked here in memory, so a guessed, shared or stale path costs
 * neither Redis nor a downstream call. That a path is used once is seckill-service's to enforce: it
 * consumes the path in the same Lua call that takes the unit.
 */
@Component
class PurchasePathFilter implements GlobalFilter, Ordered {

    private final PurchasePaths paths;
    private final Clock clock;

    PurchasePathFilter(PurchasePaths paths, Clock clock) {
        this.paths = paths;
        this.clock = clock;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        PurchaseAttempt attempt;
        try {
            attempt = PurchaseAttempt.of(request.getMethod(), request.getPath().pathWithinApplication().value()).orElse(null);
        } catch (SeckillException e) {
            return Mono.error(e);
        }
        if (attempt == null) {
            return chain.filter(exchange);
        }
        // Authentication runs first and refuses anonymous purchases; this only guards a mis-ordered chain.
        AuthenticatedUser user = AuthenticatedUser.of(exchange)
                .orElseThrow(() -> new IllegalStateException("Purchase reached the path check unauthenticated"));
        if (!paths.verify(attempt.path(), attempt.activityId(), user.userId(), clock.instant())) {
            return Mono.error(new PathRejected());
        }
        return chain.filter(exchange);
    }

    @Override
    public int getOrder() {
        return GatewayFilterOrder.PURCHASE_PATH;
    }
}
