package com.seckill.payment.payment;

import com.seckill.web.persistence.CodedEnum;

/** Payment states as stored; every change is a conditional UPDATE on the old state. */
public enum PaymentStatus implements CodedEnum {
    WAITING(0), PAID(1), REFUNDED(2);

    private final int code;

    PaymentStatus(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    public static PaymentStatus of(int code) {
        return CodedEnum.of(PaymentStatus.class, code);
    }
}
