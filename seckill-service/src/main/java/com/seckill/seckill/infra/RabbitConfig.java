package com.seckill.seckill.infra;

import com.seckill.common.message.Queues;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The exchange orders are published to. Queues and bindings belong to order-service, the
 * consumer: until it has declared them a publish is returned and stays in the outbox.
 */
@Configuration(proxyBeanMethods = false)
class RabbitConfig {

    @Bean
    DirectExchange orderExchange() {
        return new DirectExchange(Queues.ORDER_EXCHANGE, true, false);
    }
}
