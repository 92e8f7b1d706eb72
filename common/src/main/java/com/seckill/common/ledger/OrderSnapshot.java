package com.seckill.common.ledger;

import java.math.BigDecimal;

/** An order as another service needs it: whose, for how much, in which state (PENDING, PAID, ...). */
public record OrderSnapshot(long id, long userId, BigDecimal price, String status) {

    public boolean pending() {
        return "PENDING".equals(status);
    }
}
