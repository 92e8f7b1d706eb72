package com.seckill.order.consume;

import com.seckill.common.message.OrderMessage;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * What the consumer did with the order messages: {@code seckill_orders_consumed_total{outcome}},
 * {@code seckill_order_events_total{event="created"}}, the messages sent to wait out a retry back-off
 * ({@code seckill_orders_retried_total{reason="outage"|"failure"}}), and how long an accepted purchase waited for
 * its order ({@code seckill_order_lag_seconds}).
 */
@Component
class ConsumerMetrics {

    static final String OUTAGE = "outage";
    static final String FAILURE = "failure";

    private final MeterRegistry meters;
    private final Counter created;
    private final Timer lag;
    private final Clock clock;

    ConsumerMetrics(MeterRegistry meters, Clock clock) {
        this.meters = meters;
        this.clock = clock;
        this.created = Counter.builder("seckill.order.events").tag("event", "created")
                .description("Order state changes").register(meters);
        this.lag = Timer.builder("seckill.order.lag").description("From an accepted purchase to its order in MySQL")
                .publishPercentileHistogram().register(meters);
        for (String outcome : List.of("success", "sold_out", "duplicate", "rejected")) {
            consumedCounter(outcome);
        }
        for (String reason : List.of(OUTAGE, FAILURE)) {
            retriedCounter(reason);
        }
    }

    void created(List<OrderMessage> messages) {
        long now = clock.millis();
        created.increment(messages.size());
        consumedCounter("success").increment(messages.size());
        messages.forEach(message -> lag.record(Math.max(0, now - message.acceptedAt()), TimeUnit.MILLISECONDS));
    }

    void consumed(String outcome) {
        consumedCounter(outcome).increment();
    }

    /** A message sent to the retry queue: {@link #OUTAGE} (uncounted attempt) or {@link #FAILURE} (counted). */
    void retried(String reason) {
        retriedCounter(reason).increment();
    }

    private Counter retriedCounter(String reason) {
        return Counter.builder("seckill.orders.retried").tag("reason", reason)
                .description("Order messages sent to wait out a retry back-off, by reason").register(meters);
    }

    private Counter consumedCounter(String outcome) {
        return Counter.builder("seckill.orders.consumed").tag("outcome", outcome)
                .description("Order messages settled, by outcome").register(meters);
    }
}
