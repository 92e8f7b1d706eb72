package com.seckill.payment.refund;

import com.seckill.payment.PaymentProperties;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Finishes refunds that an outage interrupted: one the provider has not confirmed within {@link #UNANSWERED} is
 * asked of it again (its callback lost, payment-service restarted before it came), and one done but not applied
 * to its order is told to order-service again, until it answers. The refund row is its own outbox.
 */
@Component
class RefundRelay {

    private static final Logger log = LoggerFactory.getLogger(RefundRelay.class);
    static final Duration UNANSWERED = Duration.ofSeconds(10);
    private static final int BATCH = 200;

    private final RefundMapper refunds;
    private final RefundConfirmations confirmations;
    private final ObjectProvider<RefundProvider> provider;
    private final Clock clock;
    private final AtomicLong lastRound = new AtomicLong();

    RefundRelay(RefundMapper refunds, RefundConfirmations confirmations, ObjectProvider<RefundProvider> provider, Clock clock, MeterRegistry meters) {
        this.refunds = refunds;
        this.confirmations = confirmations;
        this.provider = provider;
        this.clock = clock;
        Gauge.builder("seckill.job.last.success", lastRound, AtomicLong::get).tag("job", "refund-relay")
                .description("When the job last completed (epoch seconds)").register(meters);
    }

    @Scheduled(fixedDelayString = PaymentProperties.SETTLE_INTERVAL)
    void relay() {
        try {
            askAgain(refunds.findRequestedBefore(clock.instant().minus(UNANSWERED), BATCH));
            for (Refund refund : refunds.findRefundedNotNotified(BATCH)) {
                if (!confirmations.tellOrder(refund)) {
                    return; // order-service is unreachable: the next round tries again
                }
            }
            lastRound.set(Instant.now().getEpochSecond());
        } catch (RuntimeException e) {
            log.warn("Refunds not relayed this round: {}", e.toString());
        }
    }

    private void askAgain(List<Refund> unanswered) {
        RefundProvider refunder = provider.getIfAvailable();
        if (refunder == null) {
            return;
        }
        for (Refund refund : unanswered) {
            log.info("Refund {} of order {} not confirmed by the provider yet: asked again", refund.refundNo(), refund.orderId());
            refunder.refund(refund);
        }
    }
}
