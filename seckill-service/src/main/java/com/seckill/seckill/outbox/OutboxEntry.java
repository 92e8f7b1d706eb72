package com.seckill.seckill.outbox;

import java.util.concurrent.CompletableFuture;

/**
 * An accepted purchase as it sits in an outbox (the hash of its bucket), and the news of its publish.
 *
 * @param handedAt when the purchase handed it to the publisher (System.nanoTime), for the latency timer
 */
record OutboxEntry(String outbox, String requestId, String payload, CompletableFuture<Boolean> published, long handedAt) {
}
