package com.seckill.order.close;

import com.seckill.common.message.Queues;
import com.seckill.order.OrderProperties;
import java.util.Collection;
import java.util.stream.Collectors;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.stereotype.Component;

/**
 * Starts the pay timer of new orders: a message parked in the delay queue, whose per-queue TTL
 * is the pay timeout, dead-letters into the close queue when the time is up. One message carries
 * the ids of the orders created together (comma-separated), so a batch of orders costs the broker
 * one persistent write. A message lost on the way is caught by {@link UnpaidOrderSweeper}.
 */
@Component
public class CloseScheduler {

    private final RabbitTemplate rabbit;
    private final String delayQueue;

    CloseScheduler(RabbitTemplate rabbit, OrderProperties properties) {
        this.rabbit = rabbit;
        this.delayQueue = Queues.orderDelayQueue(properties.payTimeout());
    }

    public void schedule(Collection<Long> orderIds) {
        if (orderIds.isEmpty()) {
            return;
        }
        String body = orderIds.stream().map(String::valueOf).collect(Collectors.joining(","));
        rabbit.convertAndSend(Queues.ORDER_DELAY_EXCHANGE, delayQueue, body, message -> {
            message.getMessageProperties().setContentType(MessageProperties.CONTENT_TYPE_TEXT_PLAIN);
            message.getMessageProperties().setDeliveryMode(MessageDeliveryMode.PERSISTENT);
            return message;
        });
    }
}
