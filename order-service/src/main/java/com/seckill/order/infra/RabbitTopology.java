package com.seckill.order.infra;

import com.seckill.common.message.Queues;
import com.seckill.order.OrderProperties;
import org.springframework.amqp.core.AcknowledgeMode;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
import org.springframework.amqp.rabbit.config.SimpleRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.boot.autoconfigure.amqp.SimpleRabbitListenerContainerFactoryConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The order queues (contract §7), declared by their consumer. A message the consumer rejects
 * dead-letters to {@code seckill.order.create.dlq} instead of looping; one it retries waits in a
 * retry queue (see {@link Redelivery}), never on a listener thread.
 */
@Configuration(proxyBeanMethods = false)
class RabbitTopology {

    @Bean
    DirectExchange orderExchange() {
        return new DirectExchange(Queues.ORDER_EXCHANGE, true, false);
    }

    @Bean
    DirectExchange orderDeadLetterExchange() {
        return new DirectExchange(Queues.ORDER_DEAD_LETTER_EXCHANGE, true, false);
    }

    @Bean
    Queue orderCreateQueue() {
        return QueueBuilder.durable(Queues.ORDER_CREATE)
                .deadLetterExchange(Queues.ORDER_DEAD_LETTER_EXCHANGE)
                .deadLetterRoutingKey(Queues.ORDER_CREATE_DLQ)
                .build();
    }

    @Bean
    Queue orderCreateDeadLetterQueue() {
        return QueueBuilder.durable(Queues.ORDER_CREATE_DLQ).build();
    }

    /**
     * Read by nobody: a message that met a failure waits out its back-off here (per-message TTL, so
     * a changed {@code retry-backoff} needs no new queue), then dead-letters back into the order queue.
     * Reached through the default exchange, by its name.
     */
    @Bean
    Queue orderCreateRetryQueue() {
        return retryQueue(Queues.ORDER_CREATE_RETRY, Queues.ORDER_EXCHANGE, Queues.ORDER_CREATE_ROUTING_KEY);
    }

    @Bean
    Binding orderCreateBinding() {
        return BindingBuilder.bind(orderCreateQueue()).to(orderExchange()).with(Queues.ORDER_CREATE_ROUTING_KEY);
    }

    @Bean
    Binding orderCreateDeadLetterBinding() {
        return BindingBuilder.bind(orderCreateDeadLetterQueue()).to(orderDeadLetterExchange()).with(Queues.ORDER_CREATE_DLQ);
    }

    @Bean
    DirectExchange orderDelayExchange() {
        return new DirectExchange(Queues.ORDER_DELAY_EXCHANGE, true, false);
    }

    /** Nobody reads it: messages wait out the pay timeout, then dead-letter into the close queue. */
    @Bean
    Queue orderDelayQueue(OrderProperties properties) {
        return QueueBuilder.durable(Queues.orderDelayQueue(properties.payTimeout()))
                .ttl(Math.toIntExact(properties.payTimeout().toMillis()))
                .deadLetterExchange(Queues.ORDER_CLOSE_EXCHANGE)
                .deadLetterRoutingKey(Queues.ORDER_CLOSE)
                .build();
    }

    /** Bound by its own name, so a delay queue left by an earlier timeout gets no copies. */
    @Bean
    Binding orderDelayBinding(Queue orderDelayQueue) {
        return BindingBuilder.bind(orderDelayQueue).to(orderDelayExchange()).with(orderDelayQueue.getName());
    }

    @Bean
    DirectExchange orderCloseExchange() {
        return new DirectExchange(Queues.ORDER_CLOSE_EXCHANGE, true, false);
    }

    @Bean
    Queue orderCloseQueue() {
        return QueueBuilder.durable(Queues.ORDER_CLOSE).build();
    }

    /** The close messages' retry queue: back into the close queue after the back-off. */
    @Bean
    Queue orderCloseRetryQueue() {
        return retryQueue(Queues.ORDER_CLOSE_RETRY, Queues.ORDER_CLOSE_EXCHANGE, Queues.ORDER_CLOSE);
    }

    /**
     * A quorum queue that dead-letters at least once (RabbitMQ 3.10+): the broker moves an expired copy
     * back with its own publisher confirms, so a broker killed mid-move keeps it. (A classic queue
     * dead-letters at most once.)
     */
    private static Queue retryQueue(String name, String backTo, String routingKey) {
        return QueueBuilder.durable(name).quorum()
                .deadLetterExchange(backTo)
                .deadLetterRoutingKey(routingKey)
                .withArgument("x-dead-letter-strategy", "at-least-once")
                .overflow(QueueBuilder.Overflow.rejectPublish)
                .build();
    }

    @Bean
    Binding orderCloseBinding() {
        return BindingBuilder.bind(orderCloseQueue()).to(orderCloseExchange()).with(Queues.ORDER_CLOSE);
    }

    /** Where this service's settlements go (its queue belongs to seckill-service, their consumer). */
    @Bean
    DirectExchange settlementExchange() {
        return new DirectExchange(Queues.SETTLEMENT_EXCHANGE, true, false);
    }

    /**
     * The order queue's consumers take messages in batches: up to {@code batch-size} messages, or
     * what arrived within {@code batch-wait}, become orders in one transaction. Manual
     * acknowledgement, after the orders are committed and their results written.
     */
    @Bean
    SimpleRabbitListenerContainerFactory orderBatchListenerFactory(SimpleRabbitListenerContainerFactoryConfigurer configurer,
                                                                   ConnectionFactory connectionFactory,
                                                                   OrderProperties properties) {
        SimpleRabbitListenerContainerFactory factory = orderListenerFactory(configurer, connectionFactory, properties);
        factory.setBatchListener(true);
        factory.setConsumerBatchEnabled(true);
        factory.setBatchSize(properties.batchSize());
        // a lone message waits batch-wait for company, never the container's default second
        factory.setReceiveTimeout(properties.batchWait().toMillis());
        factory.setBatchReceiveTimeout(properties.batchWait().toMillis());
        return factory;
    }

    /** Manual acknowledgement: a message is acked only after its work is committed. */
    @Bean
    SimpleRabbitListenerContainerFactory orderListenerFactory(SimpleRabbitListenerContainerFactoryConfigurer configurer,
                                                              ConnectionFactory connectionFactory,
                                                              OrderProperties properties) {
        SimpleRabbitListenerContainerFactory factory = new SimpleRabbitListenerContainerFactory();
        configurer.configure(factory, connectionFactory);
        factory.setAcknowledgeMode(AcknowledgeMode.MANUAL);
        factory.setPrefetchCount(properties.prefetch());
        factory.setConcurrentConsumers(properties.concurrency());
        factory.setMaxConcurrentConsumers(properties.concurrency());
        factory.setDefaultRequeueRejected(false);
        return factory;
    }
}
