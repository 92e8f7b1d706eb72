package com.seckill.seckill.infra;

import com.seckill.common.message.Queues;
import org.springframework.amqp.core.AnonymousQueue;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.FanoutExchange;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The exchange orders are published to (its queues belong to order-service, the consumer: until
 * it has declared them a publish is returned and stays in the outbox), and this instance's
 * subscription to stock-returned announcements.
 */
@Configuration(proxyBeanMethods = false)
class RabbitConfig {

    @Bean
    DirectExchange orderExchange() {
        return new DirectExchange(Queues.ORDER_EXCHANGE, true, false);
    }

    /** This instance's own queue for stock-returned announcements: gone when the instance is. */
    @Bean
    AnonymousQueue stockReturnedQueue() {
        return new AnonymousQueue();
    }

    @Bean
    Declarables stockReturnedBinding(AnonymousQueue stockReturnedQueue) {
        FanoutExchange exchange = new FanoutExchange(Queues.STOCK_RETURNED_EXCHANGE, true, false);
        return new Declarables(exchange, BindingBuilder.bind(stockReturnedQueue).to(exchange));
    }
}
