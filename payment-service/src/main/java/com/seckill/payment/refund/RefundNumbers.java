package com.seckill.payment.refund;

import java.security.SecureRandom;

/** Refund numbers: "R", 13 digits of epoch millis, 12 random digits; {@code uk_refund_no} guards the rest. */
public final class RefundNumbers {

    private static final SecureRandom RANDOM = new SecureRandom();

    private RefundNumbers() {
    }

    public static String next() {
        return "R" + System.currentTimeMillis() + String.format("%012d", Math.floorMod(RANDOM.nextLong(), 1_000_000_000_000L));
    }
}
