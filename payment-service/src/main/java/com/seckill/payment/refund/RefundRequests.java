package com.seckill.payment.refund;

import com.seckill.common.ledger.OrderSnapshot;
import com.seckill.payment.PaymentProperties;
import com.seckill.payment.Refusals;
import com.seckill.payment.order.OrderClient;
import com.seckill.payment.payment.Payment;
import com.seckill.payment.payment.PaymentMapper;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/**
 * Refunds asked for. The owner may ask within {@code seckill.payment.refund-window} of paying, an operator for any
 * paid order, with a reason. One refund per payment ({@code uk_refund_trade}): asking again while it is under way
 * answers the same refund, so two racing requests make one. The provider confirms it later
 * ({@link RefundConfirmations}).
 */
@Service
public class RefundRequests {

    private static final Logger log = LoggerFactory.getLogger(RefundRequests.class);
    static final String SHOPPERS_REASON = "Asked for by the shopper";

    private final PaymentMapper payments;
    private final RefundMapper refunds;
    private final OrderClient orders;
    private final ObjectProvider<RefundProvider> provider;
    private final PaymentProperties properties;
    private final RefundMeters meters;
    private final Clock clock;

    RefundRequests(PaymentMapper payments, RefundMapper refunds, OrderClient orders, ObjectProvider<RefundProvider> provider,
                   PaymentProperties properties, RefundMeters meters, Clock clock) {
        this.payments = payments;
        this.refunds = refunds;
        this.orders = orders;
        this.provider = provider;
        this.properties = properties;
        this.meters = meters;
        this.clock = clock;
    }

    /**
     * Asks the provider to refund the payment of {@code orderId}, or answers the refund already under way.
     *
     * @param reason why (required of an operator refunding another user's order; a shopper's own may omit it)
     */
    public Refund request(long orderId, long callerId, boolean admin, String reason) {
        Payment payment = payments.findByOrder(orderId);
        if (payment == null) {
            throw unpaidOrUnknown(orderId, callerId, admin);
        }
        if (!admin && payment.userId() != callerId) {
            throw new Refusals.UnknownPayment();
        }
        Refund existing = refunds.findByTrade(payment.tradeNo());
        if (existing != null) {
            if (existing.status() == RefundStatus.REQUESTED) {
                return existing;
            }
            throw new Refusals.NotRefundable();
        }
        if (!payment.paidAndApplied()) {
            throw new Refusals.NotRefundable();
        }
        boolean asOperator = admin && payment.userId() != callerId;
        if (!asOperator && payment.paidTime().plus(properties.refundWindow()).isBefore(clock.instant())) {
            throw new Refusals.RefundWindowPassed(properties.refundWindow());
        }
        if (asOperator && (reason == null || reason.isBlank())) {
            throw new Refusals.ReasonRequired();
        }
        RefundProvider refunder = provider.getIfAvailable();
        if (refunder == null) {
            throw new Refusals.NoRefundProvider();
        }
        try {
            refunds.insertRequested(RefundNumbers.next(), payment.tradeNo(), orderId, payment.amount(),
                    reason == null || reason.isBlank() ? SHOPPERS_REASON : reason.strip(), callerId, asOperator);
        } catch (DuplicateKeyException e) {
            // a concurrent request for the same payment won: its refund is the one
            Refund won = refunds.findByTrade(payment.tradeNo());
            if (won.status() != RefundStatus.REQUESTED) {
                throw new Refusals.NotRefundable();
            }
            return won;
        }
        Refund refund = refunds.findByTrade(payment.tradeNo());
        meters.requested(asOperator);
        log.info("Refund {} of order {} ({}) asked for by {} {}", refund.refundNo(), orderId, refund.amount(),
                asOperator ? "operator" : "user", callerId);
        refunder.refund(refund);
        return refund;
    }

    /** Refunds operators asked for, the latest first: their part of the audit log. */
    public List<Refund> byOperators(int limit) {
        return refunds.findByAdmins(limit);
    }

    private RuntimeException unpaidOrUnknown(long orderId, long callerId, boolean admin) {
        Optional<OrderSnapshot> order = orders.find(orderId);
        if (order.isEmpty() || !admin && order.get().userId() != callerId) {
            return new Refusals.UnknownPayment();
        }
        return new Refusals.NotRefundable();
    }
}
