package com.seckill.gateway.purchase;

import com.seckill.common.error.SeckillException;
import com.seckill.gateway.GatewayFilterOrder;
import com.seckill.gateway.auth.AuthenticatedUser;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Routes a purchase only after its one-time path was consumed. Cheap syntax checks come first so
 * garbage never reaches Redis; when Redis cannot answer, the purchase is refused (503), never let through.
 */
@Component
class PurchasePathFilter implements GlobalFilter, Ordered {

    private final PurchasePaths paths;

    PurchasePathFilter(PurchasePaths paths) {
        this.paths = paths;
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
        return paths.consume(attempt.activityId(), user.userId(), attempt.path())
                .onErrorMap(e -> !(e instanceof SeckillException), e -> new PathCheckUnavailable())
                .flatMap(consumed -> consumed ? chain.filter(exchange) : Mono.error(new PathRejected()));
    }

    @Override
    public int getOrder() {
        return GatewayFilterOrder.PURCHASE_PATH;
    }
}
