package com.seckill.seckill.orders;

import com.seckill.common.ledger.ConsumerState;
import com.seckill.common.message.Queues;
import com.seckill.seckill.SeckillProperties;
import java.util.List;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.stereotype.Component;

/**
 * Whether every purchase published so far has been turned into an order (or refused) in MySQL and applied
 * here: the order queue and its retry queue hold no message, every order-service consumer has been idle
 * long enough that it holds none either, and no settlement waits to be applied to Redis. Only then can figures
 * be rebuilt from MySQL, or a request be called lost.
 */
@Component
public class OrderPipeline {

    private static final Logger log = LoggerFactory.getLogger(OrderPipeline.class);

    private final AmqpAdmin broker;
    private final OrderRecords orders;
    private final SeckillProperties properties;

    OrderPipeline(AmqpAdmin broker, OrderRecords orders, SeckillProperties properties) {
        this.broker = broker;
        this.orders = orders;
        this.properties = properties;
    }

    public boolean drained() {
        try {
            // a message waiting out a retry back-off is as much in the pipeline as one in the order queue; the
            // retry queue is read first: the broker moves messages from it to the order queue, never back, so a
            // message moving between the two reads is still seen in the second; a settlement is published by a
            // consumer that is busy until it was confirmed, so one made meanwhile is seen below or in the third
            for (String name : List.of(Queues.ORDER_CREATE_RETRY, Queues.ORDER_CREATE, Queues.SETTLEMENT)) {
                Properties queue = broker.getQueueProperties(name);
                Object ready = queue == null ? 0 : queue.get(RabbitAdmin.QUEUE_MESSAGE_COUNT);
                if (ready instanceof Integer count && count > 0) {
                    return false;
                }
            }
            for (ConsumerState consumer : orders.consumers()) {
                if (consumer.busy() || consumer.idleMillis() < properties.consumerIdle().toMillis()) {
                    return false;
                }
            }
            return true;
        } catch (RuntimeException e) {
            log.debug("Order pipeline state unknown: {}", e.toString());
            return false;
        }
    }
}
