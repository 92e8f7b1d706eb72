package com.seckill.order.consume;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.client.Channel;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Queues;
import com.seckill.order.OrderProperties;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.redisson.client.RedisException;
import org.springframework.amqp.AmqpException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.stereotype.Component;

/**
 * Consumer of {@code seckill.order.create}. It takes messages in batches and first tries a batch
 * as one transaction (the common case in a sale: distinct shoppers, stock to spare), with one
 * close-timer message, one Redis pipeline and one acknowledgement for all of it. A batch that
 * cannot go through whole, or meets a failure that is not an outage, is handled message by
 * message, each acknowledged by hand:
 * <ul>
 *   <li>handled (order created, or turned down for a business reason): ack;</li>
 *   <li>unreadable or impossible message: reject without requeue, so it dead-letters;</li>
 *   <li>system failure (MySQL, Redis or the broker unreachable): back off, then requeue, for as long
 *       as the outage lasts;</li>
 *   <li>any other failure: retried a bounded number of times, then dead-lettered, never looped.</li>
 * </ul>
 */
@Component
class OrderMessageListener {

    private static final Logger log = LoggerFactory.getLogger(OrderMessageListener.class);
    /** Attempts allowed to a message failing for a reason that is not a system outage. */
    private static final int MAX_FAILURES = 5;

    private final OrderCreator creator;
    private final ResultPublisher results;
    private final ObjectMapper json;
    private final OrderProperties properties;
    private final Map<String, Integer> failures = new ConcurrentHashMap<>();

    OrderMessageListener(OrderCreator creator, ResultPublisher results, ObjectMapper json, OrderProperties properties) {
        this.creator = creator;
        this.results = results;
        this.json = json;
        this.properties = properties;
    }

    /** The listener container's id, to stop and start it (tests, operations). */
    static final String LISTENER_ID = "orderCreate";

    @RabbitListener(id = LISTENER_ID, queues = Queues.ORDER_CREATE, containerFactory = "orderBatchListenerFactory")
    void onMessages(List<Message> batch, Channel channel) throws IOException {
        List<Delivery> deliveries = new ArrayList<>(batch.size());
        for (Message amqpMessage : batch) {
            long tag = amqpMessage.getMessageProperties().getDeliveryTag();
            OrderMessage message = parse(amqpMessage.getBody());
            if (message == null) {
                log.error("Unreadable order message {} dead-lettered", amqpMessage.getMessageProperties().getMessageId());
                channel.basicReject(tag, false);
            } else {
                deliveries.add(new Delivery(message, tag));
            }
        }
        if (deliveries.size() > 1) {
            handleTogether(deliveries, channel);
        } else {
            handleEach(deliveries, channel);
        }
    }

    private void handleTogether(List<Delivery> deliveries, Channel channel) throws IOException {
        List<OrderMessage> messages = deliveries.stream().map(Delivery::message).toList();
        // the rejected poison is settled already: acknowledging up to the last tag covers exactly this batch
        long lastTag = deliveries.get(deliveries.size() - 1).tag();
        try {
            Optional<List<Long>> orderIds = creator.createAll(messages);
            if (orderIds.isEmpty()) {
                handleEach(deliveries, channel);
                return;
            }
            results.publishCreated(messages, orderIds.get());
            channel.basicAck(lastTag, true);
        } catch (RuntimeException e) {
            if (!isSystemFailure(e)) {
                log.warn("Batch of {} order messages failed, handled one by one: {}", messages.size(), e.toString());
                handleEach(deliveries, channel);
                return;
            }
            log.warn("Batch of {} order messages failed, requeued after {}: {}", messages.size(),
                    properties.retryBackoff(), e.toString());
            backOff();
            channel.basicNack(lastTag, true, true);
        }
    }

    private void handleEach(List<Delivery> deliveries, Channel channel) throws IOException {
        for (Delivery delivery : deliveries) {
            handle(delivery.message(), delivery.tag(), channel);
        }
    }

    private void handle(OrderMessage message, long tag, Channel channel) throws IOException {
        try {
            results.publish(message, creator.create(message));
            channel.basicAck(tag, false);
            failures.remove(message.requestId());
        } catch (UnknownActivity e) {
            log.error("Order message {} dead-lettered: {}", message.requestId(), e.getMessage());
            deadLetter(message, channel, tag);
        } catch (RuntimeException e) {
            if (!isSystemFailure(e) && failures.merge(message.requestId(), 1, Integer::sum) >= MAX_FAILURES) {
                failures.remove(message.requestId());
                log.error("Order message {} failed {} times, dead-lettered", message.requestId(), MAX_FAILURES, e);
                deadLetter(message, channel, tag);
                return;
            }
            log.warn("Order message {} failed, requeued after {}: {}", message.requestId(), properties.retryBackoff(),
                    e.toString());
            backOff();
            channel.basicNack(tag, false, true);
        }
    }

    private void deadLetter(OrderMessage message, Channel channel, long tag) throws IOException {
        try {
            results.deadLettered(message);
        } catch (RuntimeException e) {
            log.warn("Request {} dead-lettered without its FAIL result: {}", message.requestId(), e.toString());
        }
        channel.basicReject(tag, false);
    }

    /**
     * MySQL, Redis or the broker being unreachable or slow: retried for as long as it lasts.
     * Anything else (a constraint we do not expect, a bug) is retried a bounded number of times.
     */
    static boolean isSystemFailure(RuntimeException e) {
        if (e instanceof DataIntegrityViolationException || e instanceof InvalidDataAccessApiUsageException
                || e instanceof BadSqlGrammarException) {
            return false;
        }
        return e instanceof DataAccessException || e instanceof RedisException || e instanceof AmqpException;
    }

    /** A message that cannot be read, or describes an impossible order, is poison. */
    private OrderMessage parse(byte[] body) {
        try {
            OrderMessage message = json.readValue(body, OrderMessage.class);
            boolean valid = message.requestId() != null && !message.requestId().isBlank()
                    && message.requestId().length() <= 64 && message.userId() > 0 && message.activityId() > 0
                    && message.goodsId() > 0 && message.goodsName() != null && message.price() != null
                    && message.price().signum() >= 0;
            return valid ? message : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private void backOff() {
        try {
            Thread.sleep(properties.retryBackoff().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private record Delivery(OrderMessage message, long tag) {
    }
}
