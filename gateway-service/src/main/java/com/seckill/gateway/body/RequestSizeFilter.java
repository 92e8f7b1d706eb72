package com.seckill.gateway.body;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Refuses oversized bodies from their declared length, before authentication or routing spend anything
 * on them. A web filter rather than a gateway filter, so it also guards the gateway's own endpoints.
 * Bodies without a Content-Length (chunked) are capped for the gateway's own endpoints by the codec
 * limit; routed ones are streamed to the services, which bound them again.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestSizeFilter implements WebFilter {

    private final long maxBytes;

    RequestSizeFilter(BodyProperties properties) {
        this.maxBytes = properties.maxSize().toBytes();
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (exchange.getRequest().getHeaders().getContentLength() > maxBytes) {
            return Mono.error(new PayloadTooLarge(maxBytes));
        }
        return chain.filter(exchange);
    }
}
