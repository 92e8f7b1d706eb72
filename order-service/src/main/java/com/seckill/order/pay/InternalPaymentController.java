package com.seckill.order.pay;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.order.lifecycle.OrderLifecycle;
import com.seckill.order.lifecycle.OrderLifecycle.PayOutcome;
import jakarta.validation.constraints.Positive;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Called by payment-service once a payment succeeded; not routed by the gateway. Idempotent:
 * asking again answers ALREADY_PAID; an order closed or cancelled first answers NOT_PAYABLE,
 * and payment-service refunds.
 */
@RestController
@Validated
class InternalPaymentController {

    private final OrderLifecycle lifecycle;

    InternalPaymentController(OrderLifecycle lifecycle) {
        this.lifecycle = lifecycle;
    }

    @PostMapping("/internal/orders/{orderId}/pay")
    PaymentApplied pay(@PathVariable @Positive long orderId) {
        PayOutcome outcome = lifecycle.pay(orderId);
        if (outcome == PayOutcome.UNKNOWN) {
            throw new SeckillException(ErrorCode.NOT_FOUND, "No order " + orderId);
        }
        return new PaymentApplied(orderId, outcome.name());
    }

    record PaymentApplied(long orderId, String outcome) {
    }
}
