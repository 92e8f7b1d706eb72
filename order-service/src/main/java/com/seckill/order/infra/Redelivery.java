package com.seckill.order.infra;

import com.seckill.common.message.Queues;
import com.seckill.order.OrderProperties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.stereotype.Component;

/**
 * Delivers a message again after {@code retry-backoff} without holding a listener thread: a copy
 * goes to a retry queue ({@link Queues#ORDER_CREATE_RETRY}, {@link Queues#ORDER_CLOSE_RETRY}), waits
 * out its per-message TTL there and dead-letters back into the queue it came from. The copy carries
 * the attempts made so far ({@link Queues#ATTEMPTS_HEADER}), so the count travels with the message,
 * not in a consumer's memory. The caller acknowledges the original only once the broker confirmed
 * the copy; a copy not confirmed leaves the original to be requeued, so nothing is lost either way
 * (at worst a message comes twice, which the consumers tolerate).
 */
@Component
public class Redelivery {

    private static final Logger log = LoggerFactory.getLogger(Redelivery.class);
    private static final long CONFIRM_TIMEOUT_SECONDS = 5;

    /** Its own template: mandatory, so a copy the broker could not route is not taken for kept. */
    private final RabbitTemplate rabbit;
    private final String backoffMillis;

    Redelivery(ConnectionFactory connectionFactory, OrderProperties properties) {
        this.rabbit = new RabbitTemplate(connectionFactory);
        this.rabbit.setMandatory(true);
        this.backoffMillis = String.valueOf(properties.retryBackoff().toMillis());
    }

    /** Attempts already made on this message that failed for a reason other than an outage. */
    public static int attempts(Message message) {
        return message.getMessageProperties().getHeader(Queues.ATTEMPTS_HEADER) instanceof Number attempts
                ? attempts.intValue() : 0;
    }

    /**
     * Parks a copy of the message in the retry queue.
     *
     * @return true once the broker has confirmed the copy (ack the original), false otherwise (requeue it)
     */
    public boolean later(String retryQueue, Message message, int attempts) {
        Message copy = MessageBuilder.withBody(message.getBody())
                .copyProperties(message.getMessageProperties())
                .setHeader(Queues.ATTEMPTS_HEADER, attempts)
                .setExpiration(backoffMillis)
                .setDeliveryMode(MessageDeliveryMode.PERSISTENT)
                .build();
        CorrelationData confirm = new CorrelationData();
        try {
            rabbit.send("", retryQueue, copy, confirm);
            boolean kept = confirm.getFuture().get(CONFIRM_TIMEOUT_SECONDS, TimeUnit.SECONDS).isAck()
                    && confirm.getReturned() == null;
            if (!kept) {
                log.warn("Retry copy of message {} not kept by the broker", message.getMessageProperties().getMessageId());
            }
            return kept;
        } catch (AmqpException | ExecutionException | TimeoutException e) {
            log.warn("Retry copy of message {} not sent: {}", message.getMessageProperties().getMessageId(), e.toString());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
