package com.seckill.order.order;

/** Order states as stored (DESIGN.md §6); every change is a conditional UPDATE on the old state. */
public enum OrderStatus {
    PENDING(0), PAID(1), CANCELLED(2), CLOSED(3), REFUNDED(4);

    private final int code;

    OrderStatus(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static OrderStatus of(int code) {
        for (OrderStatus status : values()) {
            if (status.code == code) {
                return status;
            }
        }
        throw new IllegalArgumentException("Unknown order status " + code);
    }
}
