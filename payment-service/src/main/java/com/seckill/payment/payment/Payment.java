package com.seckill.payment.payment;

import java.math.BigDecimal;
import java.time.Instant;

/** A payment row; {@code paidTime} is when the provider said it was paid (null until then). */
public record Payment(long id, String tradeNo, long orderId, long userId, BigDecimal amount, PaymentStatus status,
                      boolean orderNotified, Instant paidTime) {

    /** Paid, and applied to its order: the order is paid. */
    public boolean paidAndApplied() {
        return status == PaymentStatus.PAID && orderNotified;
    }

    public String statusName() {
        return status.name();
    }
}
