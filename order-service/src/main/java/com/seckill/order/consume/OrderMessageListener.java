package com.seckill.order.consume;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.client.Channel;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Queues;
import com.seckill.order.OrderProperties;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
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
 * Consumer of {@code seckill.order.create}. A message carries one order message, or a JSON array
 * of them (seckill-service's relay publishes what a burst accepted together as one message). The
 * consumer takes messages in batches and first tries all their orders as one transaction (the
 * common case in a sale: distinct shoppers, stock to spare), with one close-timer message, one
 * Redis pipeline and one acknowledgement. A batch that cannot go through whole, or meets a failure
 * that is not an outage, is handled order by order, each message acknowledged by hand:
 * <ul>
 *   <li>handled (orders created, or turned down for a business reason): ack;</li>
 *   <li>unreadable message, or one holding an impossible order: reject without requeue, so it dead-letters;</li>
 *   <li>system failure (MySQL, Redis or the broker unreachable): back off, then requeue, for as long
 *       as the outage lasts;</li>
 *   <li>an order failing for another reason is retried a bounded number of times, then given up
 *       (FAIL result, unit back in Redis; a message of that one order is dead-lettered), never looped.</li>
 * </ul>
 */
@Component
class OrderMessageListener {

    private static final Logger log = LoggerFactory.getLogger(OrderMessageListener.class);
    /** Attempts allowed to an order failing for a reason that is not a system outage. */
    private static final int MAX_FAILURES = 5;
    /** The listener container's id, to stop and start it (tests, operations). */
    static final String LISTENER_ID = "orderCreate";

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

    @RabbitListener(id = LISTENER_ID, queues = Queues.ORDER_CREATE, containerFactory = "orderBatchListenerFactory")
    void onMessages(List<Message> batch, Channel channel) throws IOException {
        List<Delivery> deliveries = new ArrayList<>(batch.size());
        for (Message amqpMessage : batch) {
            long tag = amqpMessage.getMessageProperties().getDeliveryTag();
            List<OrderMessage> messages = parse(amqpMessage.getBody());
            if (messages == null) {
                log.error("Unreadable order message {} dead-lettered", amqpMessage.getMessageProperties().getMessageId());
                channel.basicReject(tag, false);
            } else {
                deliveries.add(new Delivery(messages, tag));
            }
        }
        if (deliveries.stream().mapToInt(delivery -> delivery.messages().size()).sum() > 1) {
            handleTogether(deliveries, channel);
        } else {
            handleEach(deliveries, channel);
        }
    }

    private void handleTogether(List<Delivery> deliveries, Channel channel) throws IOException {
        List<OrderMessage> messages = deliveries.stream().flatMap(delivery -> delivery.messages().stream()).toList();
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
            handle(delivery, channel);
        }
    }

    /** The orders of one message, one by one; the message is settled once, after the last of them. */
    private void handle(Delivery delivery, Channel channel) throws IOException {
        boolean givenUp = false;
        for (OrderMessage message : delivery.messages()) {
            switch (settle(message)) {
                case SETTLED -> { }
                case GIVEN_UP -> givenUp = true;
                case RETRY -> {
                    // orders of this message settled already are found settled on the redelivery
                    backOff();
                    channel.basicNack(delivery.tag(), false, true);
                    return;
                }
            }
        }
        if (givenUp && delivery.messages().size() == 1) {
            channel.basicReject(delivery.tag(), false); // to the DLQ, where an operator sees it
        } else {
            channel.basicAck(delivery.tag(), false);
        }
    }

    private Settlement settle(OrderMessage message) {
        try {
            results.publish(message, creator.create(message));
            failures.remove(message.requestId());
            return Settlement.SETTLED;
        } catch (UnknownActivity e) {
            log.error("Order message {} given up: {}", message.requestId(), e.getMessage());
            return giveUp(message);
        } catch (RuntimeException e) {
            if (!isSystemFailure(e) && failures.merge(message.requestId(), 1, Integer::sum) >= MAX_FAILURES) {
                failures.remove(message.requestId());
                log.error("Order message {} failed {} times, given up", message.requestId(), MAX_FAILURES, e);
                return giveUp(message);
            }
            log.warn("Order message {} failed, requeued after {}: {}", message.requestId(), properties.retryBackoff(),
                    e.toString());
            return Settlement.RETRY;
        }
    }

    /** The request still ends: FAIL, and its unit back, so no shopper polls QUEUED forever. */
    private Settlement giveUp(OrderMessage message) {
        try {
            results.deadLettered(message);
        } catch (RuntimeException e) {
            log.warn("Request {} given up without its FAIL result: {}", message.requestId(), e.toString());
        }
        return Settlement.GIVEN_UP;
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

    /**
     * The order messages of a message body: one object, or an array of them. A body that cannot be
     * read, or holds an impossible order, is poison (null): nothing of it is applied.
     */
    private List<OrderMessage> parse(byte[] body) {
        try {
            List<OrderMessage> messages = isArray(body)
                    ? Arrays.asList(json.readValue(body, OrderMessage[].class))
                    : List.of(json.readValue(body, OrderMessage.class));
            return !messages.isEmpty() && messages.stream().allMatch(OrderMessageListener::valid) ? messages : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static boolean isArray(byte[] body) {
        for (byte b : body) {
            if (!Character.isWhitespace(b)) {
                return b == '[';
            }
        }
        return false;
    }

    private static boolean valid(OrderMessage message) {
        return message != null && message.requestId() != null && !message.requestId().isBlank()
                && message.requestId().length() <= 64 && message.userId() > 0 && message.activityId() > 0
                && message.goodsId() > 0 && message.goodsName() != null && message.price() != null
                && message.price().signum() >= 0;
    }

    private void backOff() {
        try {
            Thread.sleep(properties.retryBackoff().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private enum Settlement { SETTLED, GIVEN_UP, RETRY }

    private record Delivery(List<OrderMessage> messages, long tag) {
    }
}
