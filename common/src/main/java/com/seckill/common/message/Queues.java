package com.seckill.common.message;

import java.time.Duration;
import java.util.Map;

/** RabbitMQ exchanges, queues and routing keys (contract §7). */
public final class Queues {

    private Queues() {
    }

    public static final String ORDER_EXCHANGE = "seckill.order";
    public static final String ORDER_CREATE = "seckill.order.create";
    public static final String ORDER_CREATE_ROUTING_KEY = "order.create";
    public static final String ORDER_CREATE_DLQ = "seckill.order.create.dlq";
    public static final String ORDER_DEAD_LETTER_EXCHANGE = "seckill.order.dlx";
    /**
     * Where an order message that met a failure waits out its back-off (per-message TTL), read by
     * nobody: it dead-letters back into {@link #ORDER_CREATE}. Its copies carry {@link #ATTEMPTS_HEADER}.
     */
    public static final String ORDER_CREATE_RETRY = "seckill.order.create.retry";
    /** The same for close messages: back into {@link #ORDER_CLOSE} after the back-off. */
    public static final String ORDER_CLOSE_RETRY = "seckill.order.close.retry";
    /** Attempts that failed for a reason other than an outage, carried by a message's retry copy. */
    public static final String ATTEMPTS_HEADER = "x-seckill-attempts";

    /**
     * Delayed close: a queue whose per-queue TTL is the pay timeout, read by nobody, dead-letters
     * into {@link #ORDER_CLOSE}. The TTL is part of the queue's name, because a declared queue's
     * arguments cannot change: a new timeout gets a new queue and the old one drains.
     */
    public static final String ORDER_DELAY_EXCHANGE = "seckill.order.delay";
    public static final String ORDER_DELAY_QUEUE_PREFIX = "seckill.order.delay.";
    public static final String ORDER_CLOSE_EXCHANGE = "seckill.order.close";
    public static final String ORDER_CLOSE = "seckill.order.close";

    /**
     * order-service's decisions ({@link Settlement}) for seckill-service to apply to its keys: declared by both
     * (durable), read by any one seckill-service instance; one it cannot apply after a few tries (not an
     * outage) dead-letters to {@link #SETTLEMENT_DLQ}.
     */
    public static final String SETTLEMENT_EXCHANGE = "seckill.settlement";
    public static final String SETTLEMENT = "seckill.settlement";
    public static final String SETTLEMENT_DLQ = "seckill.settlement.dlq";

    /** The arguments {@link #SETTLEMENT} is declared with, wherever it is (a queue's arguments cannot differ). */
    public static Map<String, Object> settlementArguments() {
        return Map.of("x-dead-letter-exchange", ORDER_DEAD_LETTER_EXCHANGE, "x-dead-letter-routing-key", SETTLEMENT_DLQ);
    }

    /** Fanout: stock came back to an activity; every seckill-service instance clears its sold-out flag. */
    public static final String STOCK_RETURNED_EXCHANGE = "seckill.stock.returned";

    public static String orderDelayQueue(Duration payTimeout) {
        return ORDER_DELAY_QUEUE_PREFIX + payTimeout.toMillis() + "ms";
    }
}
