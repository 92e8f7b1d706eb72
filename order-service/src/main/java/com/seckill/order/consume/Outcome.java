package com.seckill.order.consume;

/**
 * What became of one order message. {@code firstTime} is false when the message had been handled
 * before (a redelivery): its effects in MySQL and Redis must not be applied again.
 */
record Outcome(Kind kind, Long orderId, boolean firstTime) {

    enum Kind { SUCCESS, SOLD_OUT, DUPLICATE }

    static Outcome created(long orderId) {
        return new Outcome(Kind.SUCCESS, orderId, true);
    }

    static Outcome rejected(Kind kind, boolean firstTime) {
        return new Outcome(kind, null, firstTime);
    }
}
