package com.seckill.common.web;

/**
 * Ids on the wire are plain ASCII decimal, one spelling each: {@code 16}, never {@code 0x10},
 * {@code +16}, {@code 016}, {@code " 16"} or fullwidth digits, which Java's and Spring's number
 * parsing would all read as 16.
 */
public final class DecimalId {

    private static final int MAX_DIGITS = 19;

    private DecimalId() {
    }

    /**
     * @return the id, zero included (callers that need a positive one say so)
     * @throws IllegalArgumentException when the text is not such a number or does not fit a long
     */
    public static long parse(String text) {
        if (text == null || text.isEmpty() || text.length() > MAX_DIGITS || text.length() > 1 && text.charAt(0) == '0') {
            throw new IllegalArgumentException("not a plain decimal id");
        }
        long value = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("not a plain decimal id");
            }
            try {
                value = Math.addExact(Math.multiplyExact(value, 10), c - '0');
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("id out of range");
            }
        }
        return value;
    }
}
