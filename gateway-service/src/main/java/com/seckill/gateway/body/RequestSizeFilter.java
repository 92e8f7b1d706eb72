package com.seckill.gateway.body;

import com.seckill.gateway.GatewayFilterOrder;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Refuses oversized bodies from their declared length, before authentication or routing spend anything
 * on them. A web filter rather than a gateway filter, so it also guards the gateway's own endpoints.
 * A body without a Content-Length (chunked) is counted while it streams and cut off at the limit, so
 * a client cannot dodge the bound by leaving the length out.
 */
@Component
@Order(GatewayFilterOrder.REQUEST_SIZE)
class RequestSizeFilter implements WebFilter {

    private final long maxBytes;

    RequestSizeFilter(BodyProperties properties) {
        this.maxBytes = properties.maxSize().toBytes();
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        long declared = exchange.getRequest().getHeaders().getContentLength();
        if (declared > maxBytes) {
            return Mono.error(new PayloadTooLarge(maxBytes));
        }
        if (declared >= 0) {
            return chain.filter(exchange);
        }
        return chain.filter(exchange.mutate().request(new BoundedBody(exchange.getRequest(), maxBytes)).build());
    }

    /** Counts the bytes of a body of unknown length and fails the stream once it passes the limit. */
    private static final class BoundedBody extends ServerHttpRequestDecorator {

        private final long maxBytes;

        BoundedBody(ServerHttpRequest delegate, long maxBytes) {
            super(delegate);
            this.maxBytes = maxBytes;
        }

        @Override
        public Flux<DataBuffer> getBody() {
            return Flux.defer(() -> {
                long[] seen = {0};
                return super.getBody().handle((buffer, sink) -> {
                    seen[0] += buffer.readableByteCount();
                    if (seen[0] > maxBytes) {
                        DataBufferUtils.release(buffer);
                        sink.error(new PayloadTooLarge(maxBytes));
                    } else {
                        sink.next(buffer);
                    }
                });
            });
        }
    }
}
