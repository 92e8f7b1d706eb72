package com.seckill.payment.refund;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * {@code seckill_refunds_total{stage="requested"|"refunded", by="shopper"|"operator"}}: refunds asked for, and
 * those the provider confirmed; both are there from the start, at 0.
 */
@Component
class RefundMeters {

    private final Counter requestedByShopper;
    private final Counter requestedByOperator;
    private final Counter refundedForShopper;
    private final Counter refundedForOperator;

    RefundMeters(MeterRegistry meters) {
        requestedByShopper = counter(meters, "requested", "shopper");
        requestedByOperator = counter(meters, "requested", "operator");
        refundedForShopper = counter(meters, "refunded", "shopper");
        refundedForOperator = counter(meters, "refunded", "operator");
    }

    private static Counter counter(MeterRegistry meters, String stage, String by) {
        return Counter.builder("seckill.refunds").description("Refunds of paid orders, asked for and done")
                .tag("stage", stage).tag("by", by).register(meters);
    }

    void requested(boolean byOperator) {
        (byOperator ? requestedByOperator : requestedByShopper).increment();
    }

    void refunded(boolean byOperator) {
        (byOperator ? refundedForOperator : refundedForShopper).increment();
    }
}
