package com.seckill.payment.payment;

import java.math.BigDecimal;

/** What a payment needs of its order: owner, the price snapshot taken at purchase, and state. */
public record OrderSnapshot(long id, long userId, BigDecimal price, int status) {

    static final int PENDING = 0;
}
