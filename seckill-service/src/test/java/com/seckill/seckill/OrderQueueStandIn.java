package com.seckill.seckill;

import com.seckill.common.message.Queues;
import java.util.UUID;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;

/**
 * Stands in for order-service's queue in seckill-service's tests: a private queue bound the way
 * {@code seckill.order.create} is, so accepted purchases are confirmed by the broker and can be read.
 * Exclusive, not auto-delete: a test may receive several times, and each receive ends its consumer.
 */
public final class OrderQueueStandIn implements AutoCloseable {

    private final AmqpAdmin admin;
    private final Queue queue;

    private OrderQueueStandIn(AmqpAdmin admin, Queue queue) {
        this.admin = admin;
        this.queue = queue;
    }

    public static OrderQueueStandIn bind(AmqpAdmin admin) {
        Queue queue = new Queue("seckill.it.orders." + UUID.randomUUID(), false, true, false);
        admin.declareQueue(queue);
        admin.declareBinding(BindingBuilder.bind(queue).to(new DirectExchange(Queues.ORDER_EXCHANGE))
                .with(Queues.ORDER_CREATE_ROUTING_KEY));
        return new OrderQueueStandIn(admin, queue);
    }

    public String name() {
        return queue.getName();
    }

    @Override
    public void close() {
        admin.deleteQueue(queue.getName());
    }

    /**
     * order-service's own order queue, declared as it declares it and emptied: what decides whether the order
     * pipeline is drained, so a test that needs it drained must not depend on an earlier run having made it.
     */
    public static void emptyOrderCreateQueue(AmqpAdmin admin) {
        Queue queue = QueueBuilder.durable(Queues.ORDER_CREATE).deadLetterExchange(Queues.ORDER_DEAD_LETTER_EXCHANGE)
                .deadLetterRoutingKey(Queues.ORDER_CREATE_DLQ).build();
        admin.declareQueue(queue);
        admin.declareBinding(BindingBuilder.bind(queue).to(new DirectExchange(Queues.ORDER_EXCHANGE))
                .with(Queues.ORDER_CREATE_ROUTING_KEY));
        admin.purgeQueue(Queues.ORDER_CREATE, false);
    }
}
