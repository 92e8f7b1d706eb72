package com.seckill.payment.settle;

import com.seckill.common.ledger.PaymentApplied;
import com.seckill.payment.PaymentProperties;
import com.seckill.payment.order.OrderClient;
import com.seckill.payment.payment.Payment;
import com.seckill.payment.payment.PaymentMapper;
import com.seckill.payment.refund.RefundMapper;
import com.seckill.payment.refund.RefundNumbers;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.client.RestClientException;

/**
 * Applies paid payments to their orders through order-service's idempotent internal call. The
 * payment row is its own outbox: until order-service has answered, {@code order_notified} stays
 * 0 and the relay asks again, so a payment survives order-service being down. An order that was
 * closed or cancelled before the money came is refunded, never paid.
 */
@Component
public class OrderSettlement {

    private static final Logger log = LoggerFactory.getLogger(OrderSettlement.class);
    private static final int BATCH = 200;

    private final PaymentMapper payments;
    private final RefundMapper refunds;
    private final OrderClient orders;
    private final TransactionTemplate tx;
    private final Counter refunded;
    private final AtomicLong lastRound = new AtomicLong();

    OrderSettlement(PaymentMapper payments, RefundMapper refunds, OrderClient orders, TransactionTemplate tx, MeterRegistry meters) {
        this.refunded = Counter.builder("seckill.payments.refunded").description("Payments refunded (the order ended first)")
                .register(meters);
        Gauge.builder("seckill.job.last.success", lastRound, AtomicLong::get).tag("job", "payment-settlement")
                .description("When the job last completed (epoch seconds)").register(meters);
        this.payments = payments;
        this.refunds = refunds;
        this.orders = orders;
        this.tx = tx;
    }

    @Scheduled(fixedDelayString = PaymentProperties.SETTLE_INTERVAL)
    void settlePending() {
        List<Payment> pending;
        try {
            pending = payments.findPaidNotNotified(BATCH);
        } catch (RuntimeException e) {
            log.warn("Pending payments not read: {}", e.toString());
            return;
        }
        for (Payment payment : pending) {
            if (!trySettle(payment)) {
                return; // order-service is unreachable: the next round tries again
            }
        }
        lastRound.set(Instant.now().getEpochSecond());
    }

    /** One attempt; false when order-service could not be reached. */
    public boolean trySettle(Payment payment) {
        PaymentApplied answer;
        try {
            answer = orders.pay(payment.orderId(), payment.amount());
        } catch (RestClientException e) {
            log.warn("Payment {} not applied to order {} yet: {}", payment.tradeNo(), payment.orderId(), e.toString());
            return false;
        }
        if (answer != null && answer.paid()) {
            payments.markOrderNotified(payment.id());
        } else {
            refund(payment, answer == null ? "order unknown" : "order refused the payment: " + answer.outcome());
        }
        return true;
    }

    private void refund(Payment payment, String reason) {
        tx.executeWithoutResult(status -> {
            if (payments.markRefunded(payment.id()) == 1) {
                refunds.insertDone(RefundNumbers.next(), payment.tradeNo(), payment.orderId(), payment.amount(), reason);
                refunded.increment();
                log.info("Payment {} refunded: {}", payment.tradeNo(), reason);
            }
        });
    }
}
