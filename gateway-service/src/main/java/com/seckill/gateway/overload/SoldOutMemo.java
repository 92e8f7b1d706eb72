package com.seckill.gateway.overload;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.web.Headers;
import com.seckill.common.error.SeckillException;
import com.seckill.gateway.GatewayFilterOrder;
import com.seckill.gateway.SalePaths;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatusCode;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Once seckill-service has answered 410 SOLD_OUT for a sale, the crowd still pressing Buy hears the
 * same from the gateway for {@code sold-out-for} (a second by default), without a Redis call or a
 * request to seckill-service: after the last unit, a flash sale's traffic is nearly all of this. Stock
 * that comes back (a cancel, a close) is on sale again at seckill-service at once and here within that
 * second; any answer other than 410 for the sale (a path issued, a purchase accepted) ends it sooner.
 * Applies to {@code POST /api/seckill/{aid}/...}: asking for a path, buying, joining the queue; and to the
 * polls of a waiting room ({@code GET /api/seckill/{aid}/queue}), which seckill-service marks
 * {@code X-Seckill-Sold-Out} when it answers them SOLD_OUT: the gateway ({@link ShedGate}) then answers the
 * crowd's next polls {@code {"status":"SOLD_OUT"}} itself, so thousands told the news cost nothing downstream.
 */
@Component
@Order(GatewayFilterOrder.SOLD_OUT)
class SoldOutMemo implements WebFilter {

    private final ConcurrentMap<Long, Long> soldOutUntil = new ConcurrentHashMap<>();
    private final long forMillis;
    private final Clock clock;
    private final Counter answered;

    SoldOutMemo(OverloadProperties properties, Clock clock, MeterRegistry meters) {
        this.forMillis = properties.soldOutFor().toMillis();
        this.clock = clock;
        this.answered = ShedMeter.counter(meters, ShedMeter.SOLD_OUT, Tier.SECKILL.tag());
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (forMillis <= 0) {
            return chain.filter(exchange);
        }
        Long polled = SalePaths.pollOf(exchange.getRequest());
        if (polled != null) {
            // a waiting room's poll: seckill-service marks a SOLD_OUT answer, ShedGate answers the next ones
            exchange.getResponse().beforeCommit(() -> {
                HttpStatusCode status = exchange.getResponse().getStatusCode();
                if (exchange.getResponse().getHeaders().containsKey(Headers.SOLD_OUT)) {
                    soldOutUntil.put(polled, clock.millis() + forMillis);
                } else if (status != null && status.is2xxSuccessful()) {
                    soldOutUntil.remove(polled);
                }
                return Mono.empty();
            });
            return chain.filter(exchange);
        }
        Long activityId = SalePaths.saleOf(exchange.getRequest());
        if (activityId == null) {
            return chain.filter(exchange);
        }
        Long until = soldOutUntil.get(activityId);
        if (until != null) {
            if (clock.millis() < until) {
                answered.increment();
                return Mono.error(new SoldOut());
            }
            soldOutUntil.remove(activityId, until);
        }
        exchange.getResponse().beforeCommit(() -> {
            HttpStatusCode status = exchange.getResponse().getStatusCode();
            if (status != null && status.value() == ErrorCode.SOLD_OUT.status()) {
                soldOutUntil.put(activityId, clock.millis() + forMillis);
            } else if (status != null && status.is2xxSuccessful()) {
                soldOutUntil.remove(activityId);
            }
            return Mono.empty();
        });
        return chain.filter(exchange);
    }

    /** Whether the sale was answered sold out less than {@code sold-out-for} ago. */
    boolean isSoldOut(long activityId) {
        Long until = soldOutUntil.get(activityId);
        return until != null && clock.millis() < until;
    }

    /** What seckill-service answered a moment ago. */
    static final class SoldOut extends SeckillException {

        SoldOut() {
            super(ErrorCode.SOLD_OUT, "Sold out");
        }
    }
}
