package com.seckill.order.order;

import com.seckill.web.persistence.CodedEnum;

/** Order states as stored (contract §6); every change is a conditional UPDATE on the old state. */
public enum OrderStatus implements CodedEnum {
    PENDING(0), PAID(1), CANCELLED(2), CLOSED(3), REFUNDED(4);

    private final int code;

    OrderStatus(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    public static OrderStatus of(int code) {
        return CodedEnum.of(OrderStatus.class, code);
    }
}
