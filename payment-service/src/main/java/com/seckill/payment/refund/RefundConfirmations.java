package com.seckill.payment.refund;

import com.seckill.payment.Refusals;
import com.seckill.payment.order.OrderClient;
import com.seckill.payment.payment.Payment;
import com.seckill.payment.payment.PaymentMapper;
import java.math.BigDecimal;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The provider's signed confirmations of refunds: a refund asked of it, for its payment and amount, turns refunded
 * once, and the payment with it, each by a conditional update from the state before; then order-service is told,
 * until it has applied it ({@link RefundRelay} asks again).
 */
@Service
public class RefundConfirmations {

    private static final Logger log = LoggerFactory.getLogger(RefundConfirmations.class);

    private final PaymentMapper payments;
    private final RefundMapper refunds;
    private final OrderClient orders;
    private final TransactionTemplate tx;
    private final RefundMeters meters;
    private final Clock clock;

    RefundConfirmations(PaymentMapper payments, RefundMapper refunds, OrderClient orders, TransactionTemplate tx,
                        RefundMeters meters, Clock clock) {
        this.payments = payments;
        this.refunds = refunds;
        this.orders = orders;
        this.tx = tx;
        this.meters = meters;
        this.clock = clock;
    }

    /**
     * The provider says refund {@code refundNo} of {@code payment} gave {@code amount} back. Applied once, whatever
     * the number of deliveries; a refund number nobody asked for is unknown, another payment's or amount a mismatch.
     */
    public void confirm(String refundNo, Payment payment, BigDecimal amount) {
        Refund refund = refunds.findByRefundNo(refundNo);
        if (refund == null || refund.requestedBy() == null) {
            throw new Refusals.UnknownTrade(refundNo);
        }
        if (!refund.tradeNo().equals(payment.tradeNo()) || refund.amount().compareTo(amount) != 0) {
            throw new Refusals.CallbackMismatch();
        }
        Boolean applied = tx.execute(status -> {
            if (refunds.markRefunded(refundNo, clock.instant()) == 0) {
                return false;
            }
            if (payments.markRefunded(payment.id()) == 0) {
                throw new IllegalStateException("Refund " + refundNo + " confirmed for a payment that is not paid");
            }
            return true;
        });
        if (Boolean.TRUE.equals(applied)) {
            meters.refunded(refund.byAdmin());
            log.info("Refund {} of order {} confirmed by the provider", refundNo, refund.orderId());
            tellOrder(refunds.findByRefundNo(refundNo));
        }
    }

    /** One attempt to apply a done refund to its order; false when order-service could not be reached. */
    boolean tellOrder(Refund refund) {
        var answer = orders.refundQuietly(refund.orderId(), refund.amount());
        if (answer.isEmpty()) {
            return false;
        }
        if (!answer.get().refunded()) {
            log.error("Order {} refused refund {} ({}): the money is back with the shopper, the order is {}",
                    refund.orderId(), refund.refundNo(), refund.amount(), answer.get().outcome());
        }
        refunds.markOrderNotified(refund.id());
        return true;
    }
}
