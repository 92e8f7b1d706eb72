package com.seckill.gateway.purchase;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.gateway.GatewayFilterOrder;
import com.seckill.gateway.error.FailureCodes;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Locale;
import java.util.Set;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Counts the purchase attempts the gateway itself turns away, by outcome, in
 * {@code seckill_purchase_attempts_total} (seckill-service counts the ones it answers): rate-limited,
 * blocked, a bad path, sold out (a sale seen sold out a moment ago), or busy (shed, or the limiter
 * cannot reach Redis).
 */
@Component
@Order(GatewayFilterOrder.PURCHASE_REFUSALS)
class PurchaseRefusals implements WebFilter {

    static final String METER = "seckill.purchase.attempts";
    private static final Set<ErrorCode> REFUSED_HERE = Set.of(ErrorCode.RATE_LIMITED, ErrorCode.BLOCKED,
            ErrorCode.BAD_PATH, ErrorCode.BUSY, ErrorCode.SOLD_OUT);

    private final MeterRegistry meters;

    PurchaseRefusals(MeterRegistry meters) {
        this.meters = meters;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String activity;
        try {
            activity = PurchaseAttempt.of(exchange.getRequest().getMethod(),
                    exchange.getRequest().getPath().pathWithinApplication().value())
                    .map(attempt -> Long.toString(attempt.activityId())).orElse(null);
        } catch (PathRejected e) {
            activity = "unknown"; // a path that cannot be one we issued: a bad path all the same
        } catch (SeckillException e) {
            activity = null; // not an activity: a bad request, not a purchase attempt
        }
        if (activity == null) {
            return chain.filter(exchange);
        }
        String tag = activity;
        return chain.filter(exchange).doOnError(failure -> {
            ErrorCode code = FailureCodes.of(failure);
            if (REFUSED_HERE.contains(code)) {
                Counter.builder(METER).description("Purchase attempts by outcome")
                        .tag("outcome", code.name().toLowerCase(Locale.ROOT))
                        .tag("activity", tag)
                        .register(meters).increment();
            }
        });
    }
}
