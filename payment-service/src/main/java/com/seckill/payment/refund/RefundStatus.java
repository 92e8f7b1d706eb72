package com.seckill.payment.refund;

import com.seckill.web.persistence.CodedEnum;

/** Refund states as stored; every change is a conditional UPDATE on the old state. */
public enum RefundStatus implements CodedEnum {
    /** Asked of the provider, not confirmed by it yet. */
    REQUESTED(0),
    /** The provider's signed callback said the money went back. */
    REFUNDED(1);

    private final int code;

    RefundStatus(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    public static RefundStatus of(int code) {
        return CodedEnum.of(RefundStatus.class, code);
    }
}
