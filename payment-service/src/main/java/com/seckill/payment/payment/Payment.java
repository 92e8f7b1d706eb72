package com.seckill.payment.payment;

import java.math.BigDecimal;

/** A payment row; {@code status} 0 waiting, 1 paid, 2 refunded. */
public record Payment(long id, String tradeNo, long orderId, long userId, BigDecimal amount, int status,
                      boolean orderNotified) {

    public static final int WAITING = 0;
    public static final int PAID = 1;
    public static final int REFUNDED = 2;

    public String statusName() {
        return switch (status) {
            case WAITING -> "WAITING";
            case PAID -> "PAID";
            case REFUNDED -> "REFUNDED";
            default -> "UNKNOWN";
        };
    }
}
