package com.seckill.common.message;

/** RabbitMQ exchanges, queues and routing keys (DESIGN.md §7). */
public final class Queues {

    private Queues() {
    }

    public static final String ORDER_EXCHANGE = "seckill.order";
    public static final String ORDER_CREATE = "seckill.order.create";
    public static final String ORDER_CREATE_ROUTING_KEY = "order.create";
    public static final String ORDER_CREATE_DLQ = "seckill.order.create.dlq";
    public static final String ORDER_DEAD_LETTER_EXCHANGE = "seckill.order.dlx";
}
