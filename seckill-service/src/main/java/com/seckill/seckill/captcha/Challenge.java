package com.seckill.seckill.captcha;

import java.util.random.RandomGenerator;

/** An arithmetic question such as {@code 7 + 3 = ?} and its answer. */
record Challenge(String question, String answer) {

    private static final int MAX_OPERAND = 9;

    /** Sums and differences of one-digit numbers; a difference is never negative, so the answer is easy to type. */
    static Challenge random(RandomGenerator random) {
        int a = 1 + random.nextInt(MAX_OPERAND);
        int b = 1 + random.nextInt(MAX_OPERAND);
        if (random.nextBoolean()) {
            return new Challenge(a + " + " + b + " = ?", Integer.toString(a + b));
        }
        int high = Math.max(a, b);
        int low = Math.min(a, b);
        return new Challenge(high + " - " + low + " = ?", Integer.toString(high - low));
    }
}
