package com.seckill.seckill.purchase;

import com.seckill.common.error.ErrorCode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * {@code seckill_purchase_attempts_total{outcome, activity}}: every purchase this instance answered,
 * accepted or not and why (the gateway counts the ones it turned away itself).
 */
@Component
class PurchaseMetrics {

    static final String ATTEMPTS = "seckill.purchase.attempts";

    private final MeterRegistry meters;

    PurchaseMetrics(MeterRegistry meters) {
        this.meters = meters;
    }

    void accepted(long activityId) {
        count(activityId, "accepted");
    }

    void refused(long activityId, ErrorCode code) {
        count(activityId, code.name().toLowerCase(Locale.ROOT));
    }

    private void count(long activityId, String outcome) {
        Counter.builder(ATTEMPTS).description("Purchase attempts by outcome")
                .tag("outcome", outcome).tag("activity", Long.toString(activityId))
                .register(meters).increment();
    }
}
