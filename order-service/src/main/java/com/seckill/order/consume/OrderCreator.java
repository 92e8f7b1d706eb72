package com.seckill.order.consume;

import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Queues;
import com.seckill.order.order.NewOrder;
import com.seckill.order.order.Order;
import com.seckill.order.order.OrderMapper;
import java.time.Clock;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Creates the order for one message in one transaction: consume log, order row, then the
 * conditional stock decrement (last, so the hot activity row stays locked only until commit).
 * MySQL's unique keys are the final guard: a redelivery or a second order for the same user
 * ends as a no-op, never as a second order.
 */
@Component
class OrderCreator {

    private static final String UK_USER_ACTIVITY = "uk_order_user_activity";
    private static final String UK_CONSUME_MESSAGE = "uk_consume_message";
    private static final String UK_ORDER_REQUEST = "uk_order_request";

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
        consumeLog.insert(message.requestId(), Queues.ORDER_CREATE, Outcome.Kind.SUCCESS.name());
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
            tx.executeWithoutResult(status -> consumeLog.insert(message.requestId(), Queues.ORDER_CREATE, kind.name()));
            return Outcome.rejected(kind, true);
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
        if (logged == null || Outcome.Kind.SUCCESS.name().equals(logged)) {
            throw new IllegalStateException("Message " + message.requestId() + " logged as consumed without its order");
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
