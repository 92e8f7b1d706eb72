package com.seckill.seckill.purchase;

import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.outbox.OutboxPublisher;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * An accepted purchase's order message handed to the broker through the outbox publisher, and the
 * wait for the broker's word, at most {@code publish-timeout} (contract §10: a 202 survives the
 * loss of Redis).
 */
@Component
class OrderHandOff {

    private static final Logger log = LoggerFactory.getLogger(OrderHandOff.class);

    private final OutboxPublisher relay;
    private final SeckillProperties properties;

    OrderHandOff(OutboxPublisher relay, SeckillProperties properties) {
        this.relay = relay;
        this.properties = properties;
    }

    /** Waits for the broker's word; either way the purchase stands (the outbox holds what the broker has not). */
    void handOff(String outbox, String requestId, String payload) {
        if (!confirmed(outbox, requestId, payload)) {
            log.debug("Order message {} not confirmed in time: kept in the outbox", requestId);
        }
    }

    /** Whether the broker confirmed it holds the message within the timeout. */
    boolean confirmed(String outbox, String requestId, String payload) {
        try {
            return relay.publish(outbox, requestId, payload).get(properties.publishTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
