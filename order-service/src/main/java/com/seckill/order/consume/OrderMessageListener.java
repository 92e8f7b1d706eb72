package com.seckill.order.consume;

import com.rabbitmq.client.Channel;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Queues;
import com.seckill.order.OrderProperties;
import com.seckill.order.infra.Outages;
import com.seckill.order.infra.Redelivery;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

/**
 * Consumer of {@code seckill.order.create}. A message carries one order message, or a JSON array
 * of them (seckill-service's relay publishes what a burst accepted together as one message). The
 * consumer takes messages in batches and first tries all their orders as one transaction (the
 * common case in a sale: distinct shoppers, stock to spare), with one close-timer message, one
 * settlement message for seckill-service and one acknowledgement. A batch that cannot go through whole, or meets a failure
 * that is not an outage, is handled order by order, each message acknowledged by hand:
 * <ul>
 *   <li>handled (orders created, or turned down for a business reason): ack;</li>
 *   <li>unreadable message, or one holding an impossible order: reject without requeue, so it dead-letters;</li>
 *   <li>system failure (MySQL or the broker unreachable): the message and the rest of the
 *       batch go to the retry queue and come back after {@code retry-backoff}, for as long as the
 *       outage lasts, uncounted;</li>
 *   <li>an order failing for another reason: its message goes to the retry queue with one more
 *       attempt counted in its header; at the {@value #MAX_ATTEMPTS}th the order is given up (FAIL
 *       result, unit back in Redis, the order message in the DLQ), never looped.</li>
 * </ul>
 * No listener thread sleeps and no failure is counted in memory: the broker holds both the wait
 * and the count ({@link Redelivery}).
 * A message whose body cannot be read whole (one element of an array impossible) is poison and
 * dead-lettered whole: the relay builds arrays only from payloads the purchase script accepted,
 * so that is a bug to look at, and its orders are settled by seckill-service's stuck-request
 * resolver (FAIL, unit back) after {@code queued-give-up}.
 */
@Component
class OrderMessageListener {

    private static final Logger log = LoggerFactory.getLogger(OrderMessageListener.class);
    /** Attempts allowed to an order failing for a reason that is not a system outage. */
    static final int MAX_ATTEMPTS = 5;
    /** The listener container's id, to stop and start it (tests, operations). */
    static final String LISTENER_ID = "orderCreate";

    private final OrderCreator creator;
    private final ResultPublisher results;
    private final OrderBodyReader bodies;
    private final DeliverySettler settler;
    private final OrderProperties properties;
    private final ConsumerActivity activity;

    OrderMessageListener(OrderCreator creator, ResultPublisher results, OrderBodyReader bodies, DeliverySettler settler,
                         OrderProperties properties, ConsumerActivity activity) {
        this.creator = creator;
        this.results = results;
        this.bodies = bodies;
        this.settler = settler;
        this.properties = properties;
        this.activity = activity;
    }

    @RabbitListener(id = LISTENER_ID, queues = Queues.ORDER_CREATE, containerFactory = "orderBatchListenerFactory")
    void onMessages(List<Message> batch, Channel channel) throws IOException {
        activity.begin();
        try {
            handleBatch(batch, channel);
        } finally {
            activity.end();
        }
    }

    private void handleBatch(List<Message> batch, Channel channel) throws IOException {
        List<Delivery> deliveries = new ArrayList<>(batch.size());
        for (Message amqpMessage : batch) {
            List<OrderMessage> messages = bodies.read(amqpMessage.getBody());
            if (messages == null) {
                log.error("Unreadable order message {} dead-lettered", amqpMessage.getMessageProperties().getMessageId());
                channel.basicReject(amqpMessage.getMessageProperties().getDeliveryTag(), false);
            } else {
                deliveries.add(new Delivery(messages, amqpMessage));
            }
        }
        int settled = 0;
        for (List<Delivery> group : OrderBatches.transactions(deliveries, properties.batchSize())) {
            int handled = handleGroup(group, channel);
            settled += handled;
            if (handled < group.size()) {
                settler.retryAfterOutage(deliveries.subList(settled, deliveries.size()), channel);
                return;
            }
        }
    }

    /**
     * The orders of some messages in one transaction, else message by message.
     *
     * @return how many of the group's messages were settled before an outage stopped it (all of them when none did)
     */
    private int handleGroup(List<Delivery> group, Channel channel) throws IOException {
        List<OrderMessage> messages = group.stream().flatMap(delivery -> delivery.messages().stream()).toList();
        if (messages.size() > 1) {
            try {
                Optional<List<Long>> orderIds = creator.createAll(messages);
                if (orderIds.isPresent()) {
                    results.publishCreated(messages, orderIds.get());
                    // every earlier message is settled already: acknowledging up to this group's last tag covers exactly it
                    channel.basicAck(group.get(group.size() - 1).tag(), true);
                    return group.size();
                }
            } catch (RuntimeException e) {
                if (Outages.isOutage(e)) {
                    log.warn("{} order messages met an outage: {}", messages.size(), e.toString());
                    return 0;
                }
                log.warn("Batch of {} order messages failed, handled one by one: {}", messages.size(), e.toString());
            }
        }
        for (int handled = 0; handled < group.size(); handled++) {
            if (!handle(group.get(handled), channel)) {
                return handled;
            }
        }
        return group.size();
    }

    /**
     * The orders of one message, one by one; the message is settled once, after the last of them.
     *
     * @return false when an outage stopped it: the message is not settled
     */
    private boolean handle(Delivery delivery, Channel channel) throws IOException {
        List<OrderMessage> givenUp = new ArrayList<>();
        boolean retried = false;
        for (OrderMessage message : delivery.messages()) {
            try {
                results.publish(message, creator.create(message));
            } catch (UnknownActivity e) {
                log.error("Order message {} given up: {}", message.requestId(), e.getMessage());
                givenUp.add(giveUp(message));
            } catch (RuntimeException e) {
                if (Outages.isOutage(e)) {
                    // orders of this message settled already are found settled on the redelivery, those given up
                    // as GIVEN_UP, which copies nothing: their DLQ copy is made now
                    log.warn("Order message {} met an outage: {}", message.requestId(), e.toString());
                    givenUp.forEach(settler::deadLetterAlone);
                    return false;
                }
                if (delivery.attempts() + 1 < MAX_ATTEMPTS) {
                    log.warn("Order message {} failed (attempt {} of {}), retried in {}: {}", message.requestId(),
                            delivery.attempts() + 1, MAX_ATTEMPTS, properties.retryBackoff(), e.toString());
                    retried = true;
                } else {
                    log.error("Order message {} failed {} times, given up", message.requestId(), MAX_ATTEMPTS, e);
                    givenUp.add(giveUp(message));
                }
            }
        }
        if (retried) {
            givenUp.forEach(settler::deadLetterAlone);
            settler.retry(delivery, delivery.attempts() + 1, ConsumerMetrics.FAILURE, channel);
        } else if (givenUp.isEmpty()) {
            channel.basicAck(delivery.tag(), false);
        } else if (delivery.messages().size() == 1) {
            channel.basicReject(delivery.tag(), false); // to the DLQ, where an operator sees it
        } else {
            givenUp.forEach(settler::deadLetterAlone);
            channel.basicAck(delivery.tag(), false);
        }
        return true;
    }

    /**
     * The request still ends: FAIL, and its unit back, so no shopper polls QUEUED forever; unless it was
     * settled before (an order made in an attempt whose answer was lost), whose outcome then stands.
     */
    private OrderMessage giveUp(OrderMessage message) {
        try {
            Outcome outcome = creator.recordGivenUp(message);
            if (outcome.firstTime()) {
                results.deadLettered(message);
            } else {
                results.publish(message, outcome);
            }
        } catch (RuntimeException e) {
            log.warn("Request {} given up without its FAIL result: {}", message.requestId(), e.toString());
        }
        return message;
    }
}
