package com.seckill.order.infra;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.Queues;
import com.seckill.common.message.Settlement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.stereotype.Component;

/**
 * Hands what this service decided ({@link Settlement}: orders made, purchases refused, orders ended) to
 * seckill-service, the owner of the results and of the sale's figures in Redis, on {@code seckill.settlement}.
 * Returns only once the broker has confirmed the message (persistent, mandatory: a message no queue took is
 * not taken for kept), so a caller acknowledges its own message, or records a unit as returned, only after
 * the news is safe; a failure throws, and the caller's message is tried again (an outage, {@link Outages}).
 */
@Component
public class SettlementPublisher {

    /** A closed channel nacks at once; this bounds a broker that is slow, not one that is gone. */
    private static final long CONFIRM_TIMEOUT_SECONDS = 10;

    private final RabbitTemplate rabbit;
    private final ObjectMapper json;

    SettlementPublisher(ConnectionFactory connectionFactory, ObjectMapper json) {
        this.rabbit = new RabbitTemplate(connectionFactory);
        this.rabbit.setMandatory(true);
        this.json = json;
    }

    public void publish(List<Settlement> settlements) {
        if (settlements.isEmpty()) {
            return;
        }
        Message message = MessageBuilder.withBody(body(settlements))
                .setContentType(MessageProperties.CONTENT_TYPE_JSON)
                .setDeliveryMode(MessageDeliveryMode.PERSISTENT)
                .setMessageId(UUID.randomUUID().toString())
                .build();
        CorrelationData confirm = new CorrelationData();
        rabbit.send(Queues.SETTLEMENT_EXCHANGE, Queues.SETTLEMENT, message, confirm);
        try {
            boolean acked = confirm.getFuture().get(CONFIRM_TIMEOUT_SECONDS, TimeUnit.SECONDS).isAck();
            if (!acked || confirm.getReturned() != null) {
                throw new SettlementNotKept(settlements.size() + " settlements " + (acked ? "not routed to a queue" : "refused by the broker"));
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new SettlementNotKept(settlements.size() + " settlements not confirmed: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SettlementNotKept("interrupted while " + settlements.size() + " settlements were confirmed");
        }
    }

    private byte[] body(List<Settlement> settlements) {
        try {
            return json.writeValueAsBytes(settlements);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Settlements not serializable", e);
        }
    }

    /** The broker did not keep a settlement: an outage, the caller's message is tried again. */
    static final class SettlementNotKept extends AmqpException {

        SettlementNotKept(String message) {
            super(message);
        }
    }
}
