package com.seckill.seckill.settle;

import com.seckill.common.message.Queues;
import org.redisson.client.RedisException;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.AmqpRejectAndDontRequeueException;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
import org.springframework.amqp.rabbit.config.RetryInterceptorBuilder;
import org.springframework.amqp.rabbit.config.SimpleRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.retry.RejectAndDontRequeueRecoverer;
import org.springframework.amqp.rabbit.support.ListenerExecutionFailedException;
import org.springframework.boot.autoconfigure.amqp.SimpleRabbitListenerContainerFactoryConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DataAccessException;
import org.springframework.retry.RetryPolicy;
import org.springframework.retry.policy.AlwaysRetryPolicy;
import org.springframework.retry.policy.ExceptionClassifierRetryPolicy;
import org.springframework.retry.policy.MaxAttemptsRetryPolicy;
import org.springframework.retry.policy.NeverRetryPolicy;

/**
 * The settlement queue (its consumer declares it, as order-service declares the order queue) and how it meets
 * failures: Spring AMQP's stateless retry on the listener, an outage (Redis or the broker away) tried again
 * for as long as it lasts, 100 ms growing to 2 s apart, so a settlement is never dropped for an outage; a
 * fault {@value #ATTEMPTS} times, then dead-lettered to {@code seckill.settlement.dlq} where an operator sees
 * it (the stuck-request resolver and the reconciler settle what it left); an unreadable message at once.
 */
@Configuration(proxyBeanMethods = false)
class SettlementRetry {

    static final String LISTENER_FACTORY = "settlementListenerFactory";
    static final int ATTEMPTS = 5;

    @Bean
    Declarables settlementTopology() {
        DirectExchange exchange = new DirectExchange(Queues.SETTLEMENT_EXCHANGE, true, false);
        DirectExchange deadLetters = new DirectExchange(Queues.ORDER_DEAD_LETTER_EXCHANGE, true, false);
        Queue queue = QueueBuilder.durable(Queues.SETTLEMENT).withArguments(Queues.settlementArguments()).build();
        Queue dlq = QueueBuilder.durable(Queues.SETTLEMENT_DLQ).build();
        Binding binding = BindingBuilder.bind(queue).to(exchange).with(Queues.SETTLEMENT);
        Binding dlqBinding = BindingBuilder.bind(dlq).to(deadLetters).with(Queues.SETTLEMENT_DLQ);
        return new Declarables(exchange, deadLetters, queue, dlq, binding, dlqBinding);
    }

    @Bean(LISTENER_FACTORY)
    SimpleRabbitListenerContainerFactory settlementListenerFactory(SimpleRabbitListenerContainerFactoryConfigurer configurer,
                                                                  ConnectionFactory connections) {
        SimpleRabbitListenerContainerFactory factory = new SimpleRabbitListenerContainerFactory();
        configurer.configure(factory, connections);
        factory.setAdviceChain(RetryInterceptorBuilder.stateless()
                .retryPolicy(policy())
                .backOffOptions(100, 2.0, 2_000)
                .recoverer(new RejectAndDontRequeueRecoverer())
                .build());
        return factory;
    }

    static RetryPolicy policy() {
        RetryPolicy never = new NeverRetryPolicy();
        RetryPolicy always = new AlwaysRetryPolicy();
        RetryPolicy bounded = new MaxAttemptsRetryPolicy(ATTEMPTS);
        ExceptionClassifierRetryPolicy policy = new ExceptionClassifierRetryPolicy();
        policy.setExceptionClassifier(failure -> unreadable(failure) ? never : outage(failure) ? always : bounded);
        return policy;
    }

    private static boolean unreadable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof AmqpRejectAndDontRequeueException) {
                return true;
            }
        }
        return false;
    }

    /** Redis or the broker away or slow (a translated Redis failure, Redisson's own, an AMQP one). */
    static boolean outage(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DataAccessException || cause instanceof RedisException
                    || cause instanceof AmqpException && !(cause instanceof ListenerExecutionFailedException)) {
                return true;
            }
        }
        return false;
    }
}
