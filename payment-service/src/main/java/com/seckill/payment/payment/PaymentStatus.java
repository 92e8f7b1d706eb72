package com.seckill.payment.payment;

/** Payment states as stored; every change is a conditional UPDATE on the old state. */
public enum PaymentStatus {
    WAITING(0), PAID(1), REFUNDED(2);

    private final int code;

    PaymentStatus(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static PaymentStatus of(int code) {
        for (PaymentStatus status : values()) {
            if (status.code == code) {
                return status;
            }
        }
        throw new IllegalArgumentException("Unknown payment status " + code);
    }
}
