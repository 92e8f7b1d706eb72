package com.seckill.payment.payment;

import java.math.BigDecimal;

/** A payment row. */
public record Payment(long id, String tradeNo, long orderId, long userId, BigDecimal amount, PaymentStatus status,
                      boolean orderNotified) {

    public String statusName() {
        return status.name();
    }
}
