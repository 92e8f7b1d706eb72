package com.seckill.common.queue;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Where a shopper stands (contract §11): WAITING (position, serving, etaSeconds, pollAfterMs),
 * ADMITTED (admission, expiresInSeconds), SOLD_OUT, EXPIRED (join again, at the back) or PAUSED.
 * {@code ticket} is the shopper's place, signed: sent back on polls ({@code X-Seckill-Ticket}), it keeps
 * the place through a Redis restart. Before the start, {@code position} is the back of the queue: the
 * places of everyone who joined before the start are drawn at the start ({@code drawAt}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QueueAnswer(String status, Long position, Long serving, Long etaSeconds, Long pollAfterMs, String admission,
                   Long expiresInSeconds, String ticket, String drawAt) {

    public static final String WAITING = "WAITING";
    public static final String ADMITTED = "ADMITTED";
    public static final String SOLD_OUT = "SOLD_OUT";
    public static final String EXPIRED = "EXPIRED";
    public static final String PAUSED = "PAUSED";

    public static QueueAnswer waiting(String status, long position, long serving, long etaSeconds, long pollAfterMs, String ticket, String drawAt) {
        return new QueueAnswer(status, position, serving, etaSeconds, pollAfterMs, null, null, ticket, drawAt);
    }

    public static QueueAnswer admitted(String admission, long expiresInSeconds, String ticket) {
        return new QueueAnswer(ADMITTED, null, null, null, null, admission, expiresInSeconds, ticket, null);
    }

    public static QueueAnswer only(String status) {
        return new QueueAnswer(status, null, null, null, null, null, null, null, null);
    }
}
