package com.seckill.order.infra;

import com.seckill.common.message.Queues;
import com.seckill.order.OrderProperties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.AmqpAdmin;
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
 * (a message may then come more than once, which the consumers tolerate: orders are idempotent by
 * request id). The retry queues are quorum queues that dead-letter at least once, so a broker killed
 * while it moves a copy back does not drop it.
 */
@Component
public class Redelivery {

    private static final Logger log = LoggerFactory.getLogger(Redelivery.class);
    /**
     * Long: a copy confirmed after the original went back to its queue would make the message live twice.
     * A closed channel nacks a pending confirm at once, so this bounds only a broker that is slow, not one that is gone.
     */
    private static final long CONFIRM_TIMEOUT_SECONDS = 30;

    /** Its own template: mandatory, so a copy the broker could not route is not taken for kept. */
    private final RabbitTemplate rabbit;
    private final AmqpAdmin admin;
    private final String backoffMillis;

    Redelivery(ConnectionFactory connectionFactory, AmqpAdmin admin, OrderProperties properties) {
        this.admin = admin;
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
            boolean acked = confirm.getFuture().get(CONFIRM_TIMEOUT_SECONDS, TimeUnit.SECONDS).isAck();
            if (confirm.getReturned() != null) {
                // the retry queue is gone (deleted by hand?): declare the topology again for the next copy
                log.warn("Retry queue {} missing: declared again", retryQueue);
                admin.initialize();
                return false;
            }
            if (!acked) {
                log.warn("Retry copy of message {} not kept by the broker", message.getMessageProperties().getMessageId());
            }
            return acked;
        } catch (AmqpException | ExecutionException | TimeoutException e) {
            log.warn("Retry copy of message {} not sent: {}", message.getMessageProperties().getMessageId(), e.toString());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
