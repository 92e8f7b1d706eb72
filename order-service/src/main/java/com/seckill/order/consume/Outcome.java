package com.seckill.order.consume;

/**
 * What became of one order message. {@code firstTime} is false when the message had been handled
 * before (a redelivery): its effects in MySQL and Redis must not be applied again.
 */
record Outcome(Kind kind, Long orderId, boolean firstTime) {

    /** GIVEN_UP: the message was given up before (FAIL, unit back, DLQ); only ever met again, never first. */
    enum Kind { SUCCESS, SOLD_OUT, DUPLICATE, GIVEN_UP }

    static Outcome created(long orderId) {
        return new Outcome(Kind.SUCCESS, orderId, true);
    }

    static Outcome rejected(Kind kind, boolean firstTime) {
        return new Outcome(kind, null, firstTime);
    }
}
