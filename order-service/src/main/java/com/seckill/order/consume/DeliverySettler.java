package com.seckill.order.consume;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.client.Channel;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Queues;
import com.seckill.order.OrderProperties;
import com.seckill.order.infra.Redelivery;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.stereotype.Component;

/**
 * How a delivery that is not simply acknowledged leaves the consumer: to the retry queue (the
 * broker keeps the wait and the attempt count, {@link Redelivery}), or, for one given-up order of a
 * message that carried others, a copy of it alone in the DLQ.
 */
@Component
class DeliverySettler {

    private static final Logger log = LoggerFactory.getLogger(DeliverySettler.class);

    private final Redelivery redelivery;
    private final ConsumerMetrics metrics;
    private final RabbitTemplate rabbit;
    private final ObjectMapper json;
    private final OrderProperties properties;

    DeliverySettler(Redelivery redelivery, ConsumerMetrics metrics, RabbitTemplate rabbit, ObjectMapper json,
                    OrderProperties properties) {
        this.redelivery = redelivery;
        this.metrics = metrics;
        this.rabbit = rabbit;
        this.json = json;
        this.properties = properties;
    }

    /** An outage (counted as no attempt): these messages come back after the back-off, for as long as it lasts. */
    void retryAfterOutage(List<Delivery> rest, Channel channel) throws IOException {
        log.warn("{} order messages retried in {}", rest.size(), properties.retryBackoff());
        for (Delivery delivery : rest) {
            retry(delivery, delivery.attempts(), ConsumerMetrics.OUTAGE, channel);
        }
    }

    /** Through the retry queue; when the broker did not keep the copy, the message goes back to its queue at once. */
    void retry(Delivery delivery, int attempts, String reason, Channel channel) throws IOException {
        if (redelivery.later(Queues.ORDER_CREATE_RETRY, delivery.message(), attempts)) {
            metrics.retried(reason);
            channel.basicAck(delivery.tag(), false);
        } else {
            channel.basicNack(delivery.tag(), false, true);
        }
    }

    /** A given-up order of a message that carried others: to the DLQ on its own, as if it had come alone. */
    void deadLetterAlone(OrderMessage message) {
        try {
            rabbit.send(Queues.ORDER_DEAD_LETTER_EXCHANGE, Queues.ORDER_CREATE_DLQ, MessageBuilder
                    .withBody(json.writeValueAsBytes(message))
                    .setContentType(MessageProperties.CONTENT_TYPE_JSON)
                    .setMessageId(message.requestId())
                    .build());
        } catch (IOException | RuntimeException e) {
            log.error("Given-up order message {} not copied to the DLQ: {}", message.requestId(), e.toString());
        }
    }
}
