package com.seckill.seckill.outbox;

import java.util.concurrent.CompletableFuture;

/**
 * An accepted purchase as it sits in its activity's outbox, and the news of its publish.
 *
 * @param handedAt when the purchase handed it to the publisher (System.nanoTime), for the latency timer
 */
record OutboxEntry(long activityId, String requestId, String payload, CompletableFuture<Boolean> published, long handedAt) {
}
