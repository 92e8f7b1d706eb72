package com.seckill.order.consume;

import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Queues;
import com.seckill.order.order.NewOrder;
import com.seckill.order.order.Order;
import com.seckill.order.order.OrderMapper;
import com.seckill.order.order.OrderKey;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Creates orders in one transaction: consume log, order row, then the conditional stock
 * decrement (last, so the hot activity row stays locked only until commit), for one message or
 * for a whole batch. MySQL's unique keys are the final guard: a redelivery or a second order for
 * the same user ends as a no-op, never as a second order.
 */
@Component
class OrderCreator {

    private static final String UK_USER_ACTIVITY = "uk_order_user_activity";
    private static final String UK_CONSUME_MESSAGE = "uk_consume_message";
    private static final String UK_ORDER_REQUEST = "uk_order_request";
    /** The reason recorded for, and told to the shopper of, a message given up on. */
    static final String GIVEN_UP = "REJECTED";

    private final OrderMapper orders;
    private final ConsumeLogMapper consumeLog;
    private final TransactionTemplate tx;
    private final Clock clock;

    OrderCreator(OrderMapper orders, ConsumeLogMapper consumeLog, TransactionTemplate tx, Clock clock) {
        this.orders = orders;
        this.consumeLog = consumeLog;
        this.tx = tx;
        this.clock = clock;
    }

    /**
     * The orders of a batch in one transaction: one consume-log insert, one order insert and one
     * stock decrement per activity, whatever the batch's size. Gives the order ids in the order of
     * the messages, or nothing when the batch cannot go through whole (a redelivered message, a
     * user's second order, an activity short of units or unknown): then nothing was written and
     * each message is to be handled alone by {@link #create}, which tells those cases apart.
     */
    Optional<List<Long>> createAll(List<OrderMessage> messages) {
        try {
            return Optional.of(tx.execute(status -> insertAllAndTakeStock(messages)));
        } catch (Rejected | DuplicateKeyException e) {
            return Optional.empty();
        }
    }

    private List<Long> insertAllAndTakeStock(List<OrderMessage> messages) {
        List<String> requestIds = messages.stream().map(OrderMessage::requestId).toList();
        consumeLog.insertAll(messages, Queues.ORDER_CREATE, Outcome.Kind.SUCCESS.name());
        orders.insertAll(messages.stream().map(message -> new NewOrder(orderNo(), message)).toList());
        Map<String, Long> ids = orders.findIdsByRequestIds(requestIds).stream()
                .collect(Collectors.toMap(OrderKey::requestId, OrderKey::id));
        // activities in id order: two batches spanning the same activities lock their rows in the same order
        Map<Long, Long> units = messages.stream()
                .collect(Collectors.groupingBy(OrderMessage::activityId, TreeMap::new, Collectors.counting()));
        units.forEach((activityId, count) -> {
            if (orders.takeStockFor(activityId, Math.toIntExact(count)) == 0) {
                throw new Rejected(Outcome.Kind.SOLD_OUT);
            }
        });
        return requestIds.stream().map(ids::get).toList();
    }

    Outcome create(OrderMessage message) {
        try {
            return tx.execute(status -> insertAndTakeStock(message));
        } catch (Rejected rejected) {
            return recordRejection(message, rejected.kind);
        } catch (DuplicateKeyException e) {
            String violated = String.valueOf(e.getMessage());
            if (violated.contains(UK_USER_ACTIVITY)) {
                return recordRejection(message, Outcome.Kind.DUPLICATE);
            }
            if (violated.contains(UK_CONSUME_MESSAGE) || violated.contains(UK_ORDER_REQUEST)) {
                return previousOutcome(message);
            }
            throw e; // an order number clash: a system failure, the redelivery draws a new number
        }
    }

    private Outcome insertAndTakeStock(OrderMessage message) {
        consumeLog.insert(message, Queues.ORDER_CREATE, Outcome.Kind.SUCCESS.name());
        NewOrder order = new NewOrder(orderNo(), message);
        orders.insert(order);
        if (orders.takeStock(message.activityId()) == 0) {
            if (orders.activityExists(message.activityId()) == 0) {
                throw new UnknownActivity(message.activityId());
            }
            throw new Rejected(Outcome.Kind.SOLD_OUT);
        }
        return Outcome.created(order.getId());
    }

    /** Records a turned-down message in its own transaction; a redelivery finds it there. */
    private Outcome recordRejection(OrderMessage message, Outcome.Kind kind) {
        try {
            tx.executeWithoutResult(status -> consumeLog.insert(message, Queues.ORDER_CREATE, kind.name()));
            return Outcome.rejected(kind, true);
        } catch (DuplicateKeyException e) {
            return previousOutcome(message);
        }
    }

    /**
     * A message given up on (dead-lettered) is recorded as GIVEN_UP, so its FAIL can still be answered from
     * MySQL if Redis loses it; a new GIVEN_UP outcome. A message settled before it was given up (its order
     * made in an attempt whose answer was lost) keeps that outcome, which is returned instead: the order
     * stands, and its unit must not come back.
     */
    Outcome recordGivenUp(OrderMessage message) {
        try {
            tx.executeWithoutResult(status -> consumeLog.insert(message, Queues.ORDER_CREATE, GIVEN_UP));
            return Outcome.rejected(Outcome.Kind.GIVEN_UP, true);
        } catch (DuplicateKeyException e) {
            return previousOutcome(message);
        }
    }

    private Outcome previousOutcome(OrderMessage message) {
        Order existing = orders.findByRequestId(message.requestId());
        if (existing != null) {
            return new Outcome(Outcome.Kind.SUCCESS, existing.id(), false);
        }
        String logged = consumeLog.findOutcome(message.requestId());
        if (GIVEN_UP.equals(logged)) {
            return Outcome.rejected(Outcome.Kind.GIVEN_UP, false); // its FAIL, unit and DLQ copy were handled then
        }
        if (logged == null || Outcome.Kind.SUCCESS.name().equals(logged)) {
            throw new IllegalStateException("Message " + message.requestId() + " logged as " + logged + " without its order");
        }
        return Outcome.rejected(Outcome.Kind.valueOf(logged), false);
    }

    /** 13 digits of epoch millis and 9 random ones; uk_order_no catches the improbable clash. */
    private String orderNo() {
        return clock.millis() + String.format("%09d", ThreadLocalRandom.current().nextInt(1_000_000_000));
    }

    /** Rolls the order back: MySQL has no unit left for it. */
    private static final class Rejected extends RuntimeException {

        private final Outcome.Kind kind;

        Rejected(Outcome.Kind kind) {
            super(kind.name(), null, false, false);
            this.kind = kind;
        }
    }
}
