package com.seckill.seckill.queue;

import java.util.List;

/** What the enter script read: the shopper's join number and the queue around it. */
record QueueFigures(long joinNumber, long joined, Long drawn, long serving, boolean paused, long rate, Long admittedAt, long stock) {

    QueueFigures(List<?> answer) {
        this(number(answer, 1), number(answer, 2), optional(answer, 3), number(answer, 4), "1".equals(text(answer, 5)),
                number(answer, 6), optional(answer, 7), number(answer, 8));
    }

    private static String text(List<?> answer, int index) {
        Object value = answer.get(index);
        return value == null ? "" : value.toString();
    }

    private static long number(List<?> answer, int index) {
        String text = text(answer, index);
        return text.isEmpty() ? 0 : Long.parseLong(text);
    }

    private static Long optional(List<?> answer, int index) {
        String text = text(answer, index);
        return text.isEmpty() ? null : Long.valueOf(text);
    }
}
