package com.seckill.order.pay;

import com.seckill.common.ledger.OrderServiceApi;
import com.seckill.common.ledger.PaymentApplied;
import com.seckill.common.ledger.PaymentNotice;
import com.seckill.common.ledger.RefundApplied;
import com.seckill.common.trust.Scopes;
import com.seckill.order.Refusals;
import com.seckill.order.lifecycle.OrderLifecycle.PayOutcome;
import com.seckill.order.lifecycle.OrderLifecycle.RefundOutcome;
import com.seckill.order.lifecycle.OrderLifecycle;
import com.seckill.web.trust.ServiceOnly;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Positive;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Called by payment-service once a payment succeeded, or was refunded, with its own service credential; never
 * routed by the gateway. Idempotent: asking again answers ALREADY_PAID; an order closed or
 * cancelled first answers NOT_PAYABLE, a wrong amount AMOUNT_MISMATCH, and payment-service refunds.
 */
@RestController
@Validated
class InternalPaymentController {

    private final OrderLifecycle lifecycle;

    InternalPaymentController(OrderLifecycle lifecycle) {
        this.lifecycle = lifecycle;
    }

    @PostMapping(OrderServiceApi.PAY)
    @ServiceOnly(Scopes.ORDERS_PAY)
    PaymentApplied pay(@PathVariable @Positive long orderId, @RequestBody @Valid PaymentNotice notice) {
        PayOutcome outcome = lifecycle.pay(orderId, notice.amount());
        if (outcome == PayOutcome.UNKNOWN) {
            throw new Refusals.UnknownOrder(orderId);
        }
        return new PaymentApplied(orderId, outcome.name());
    }

    /** The provider gave an order's money back: the order ends refunded and its unit returns. Idempotent. */
    @PostMapping(OrderServiceApi.REFUND)
    @ServiceOnly(Scopes.ORDERS_REFUND)
    RefundApplied refund(@PathVariable @Positive long orderId, @RequestBody @Valid PaymentNotice notice) {
        RefundOutcome outcome = lifecycle.refund(orderId, notice.amount());
        if (outcome == RefundOutcome.UNKNOWN) {
            throw new Refusals.UnknownOrder(orderId);
        }
        return new RefundApplied(orderId, outcome.name());
    }
}
