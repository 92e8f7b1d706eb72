package com.seckill.gateway.auth;

import com.seckill.common.web.CanonicalPath;
import com.seckill.gateway.GatewayFilterOrder;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The gateway's filters read the raw path while routing, the gateway's own controllers and the
 * services match the decoded, normalised one: {@code /%61pi/admin/blacklist} would pass the access
 * rules as a public path and be served as the admin API. Only canonical paths go on, so the raw path
 * every later filter reads is the path that is routed and served.
 */
@Component
@Order(GatewayFilterOrder.CANONICAL_PATH)
class CanonicalPathFilter implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!CanonicalPath.isCanonical(exchange.getRequest().getPath().pathWithinApplication().value())) {
            return Mono.error(new MalformedPath());
        }
        return chain.filter(exchange);
    }
}
