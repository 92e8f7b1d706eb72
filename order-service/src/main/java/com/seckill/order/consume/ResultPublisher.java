package com.seckill.order.consume;

import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Settlement;
import com.seckill.order.close.CloseScheduler;
import com.seckill.order.infra.SettlementPublisher;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What follows a handled order message: the close timer of a new order, and the news for seckill-service
 * (a {@link Settlement}: SUCCESS, or FAIL with the unit back), which applies it to its own keys. Nothing here
 * writes seckill-service's state.
 */
@Component
class ResultPublisher {

    private final SettlementPublisher settlements;
    private final CloseScheduler closes;
    private final ConsumerMetrics metrics;

    ResultPublisher(SettlementPublisher settlements, CloseScheduler closes, ConsumerMetrics metrics) {
        this.settlements = settlements;
        this.closes = closes;
        this.metrics = metrics;
    }

    /**
     * What follows a batch of new orders, in two messages whatever its size: one close-timer message for
     * them all, and one settlement message.
     */
    void publishCreated(List<OrderMessage> messages, List<Long> orderIds) {
        metrics.created(messages);
        announce(messages, orderIds);
    }

    /** The close timer and the SUCCESS settlements of orders, new or met again. */
    private void announce(List<OrderMessage> messages, List<Long> orderIds) {
        closes.schedule(orderIds);
        List<Settlement> created = new ArrayList<>(messages.size());
        for (int i = 0; i < messages.size(); i++) {
            created.add(Settlement.created(messages.get(i), orderIds.get(i)));
        }
        settlements.publish(created);
    }

    void publish(OrderMessage message, Outcome outcome) {
        switch (outcome.kind()) {
            case SUCCESS -> {
                if (outcome.firstTime()) {
                    publishCreated(List.of(message), List.of(outcome.orderId()));
                } else {
                    // an order met again is not created again: consumed, not counted as created, nor its lag timed
                    metrics.consumed("success");
                    // scheduled again: a second close message finds the order ended and does nothing
                    announce(List.of(message), List.of(outcome.orderId()));
                }
            }
            case SOLD_OUT -> {
                metrics.consumed("sold_out");
                settlements.publish(List.of(Settlement.refused(message, "SOLD_OUT")));
            }
            case DUPLICATE -> {
                metrics.consumed("duplicate");
                // the user holds an earlier order: they keep their hold, only the unit returns (once: seckill-service)
                settlements.publish(List.of(Settlement.duplicate(message)));
            }
            case GIVEN_UP -> {
                // given up before, in another pass over a message of several: its settlement went out then, and
                // goes again (applying it twice changes nothing), in case that one was not kept
                settlements.publish(List.of(Settlement.refused(message, OrderCreator.GIVEN_UP)));
            }
            default -> throw new IllegalStateException("Unhandled outcome " + outcome);
        }
    }

    /**
     * A message given up on (dead-lettered) still ends its request: FAIL, and the unit back, so no shopper
     * polls QUEUED forever.
     */
    void deadLettered(OrderMessage message) {
        metrics.consumed("rejected");
        settlements.publish(List.of(Settlement.refused(message, OrderCreator.GIVEN_UP)));
    }
}
