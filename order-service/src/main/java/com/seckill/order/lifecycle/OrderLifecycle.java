package com.seckill.order.lifecycle;

import com.seckill.common.message.Settlement;
import com.seckill.order.infra.SettlementPublisher;
import com.seckill.order.order.Order;
import com.seckill.order.order.OrderMapper;
import com.seckill.order.order.OrderStatus;
import java.math.BigDecimal;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.List;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Every state change of an order after its creation. Each is a conditional UPDATE on the
 * expected old state, so pay, cancel and close race safely: exactly one of them wins.
 * Ending an order (cancel, close, refund) returns its unit: to MySQL in the same transaction, then to the sale in
 * Redis by telling seckill-service, its owner (an ENDED {@link Settlement}, confirmed by the broker before
 * {@code stock_returned} records it; seckill-service gives the unit back once, and announces the sale open
 * again).
 */
@Service
public class OrderLifecycle {

    private static final Logger log = LoggerFactory.getLogger(OrderLifecycle.class);

    public enum PayOutcome { PAID, ALREADY_PAID, NOT_PAYABLE, AMOUNT_MISMATCH, UNKNOWN }

    public enum RefundOutcome { REFUNDED, ALREADY_REFUNDED, NOT_REFUNDABLE, AMOUNT_MISMATCH, UNKNOWN }

    private final OrderMapper orders;
    private final SettlementPublisher settlements;
    private final TransactionTemplate tx;
    private final Clock clock;
    private final MeterRegistry meters;

    OrderLifecycle(OrderMapper orders, SettlementPublisher settlements, TransactionTemplate tx, Clock clock,
                   MeterRegistry meters) {
        this.meters = meters;
        for (String event : new String[] {"paid", "cancelled", "closed", "refunded"}) {
            meters.counter("seckill.order.events", "event", event);
        }
        this.orders = orders;
        this.settlements = settlements;
        this.tx = tx;
        this.clock = clock;
    }

    /**
     * Closes an unpaid order whose time ran out; true when this call closed it. A unit that could not be
     * handed back to the sale (seckill-service not told) fails the call, so the close message is tried again
     * (and finishes the return).
     */
    public boolean close(long orderId) {
        boolean closed = counted("closed", end(orderId, () -> orders.markClosed(orderId)));
        finishReturn(orderId);
        return closed;
    }

    /**
     * The owner gives up a pending order; true when this call cancelled it. Once cancelled in MySQL the
     * owner is told so, even if Redis cannot take the unit back yet: the sweeper finishes the return.
     */
    public boolean cancel(long orderId, long userId) {
        boolean cancelled = counted("cancelled", end(orderId, () -> orders.markCancelled(orderId, userId)));
        try {
            finishReturn(orderId);
        } catch (RuntimeException e) {
            log.warn("Unit of cancelled order {} not handed back to the sale yet, the sweeper will: {}", orderId, e.toString());
        }
        return cancelled;
    }

    /** Pays a pending order with the money a provider confirmed, which must be exactly its price. */
    public PayOutcome pay(long orderId, BigDecimal amount) {
        if (orders.markPaid(orderId, amount, clock.instant()) == 1) {
            counted("paid", true);
            return PayOutcome.PAID;
        }
        Order order = orders.findById(orderId);
        if (order == null) {
            return PayOutcome.UNKNOWN;
        }
        if (order.status() == OrderStatus.PAID.code()) {
            return PayOutcome.ALREADY_PAID;
        }
        return order.status() == OrderStatus.PENDING.code() && order.price().compareTo(amount) != 0
                ? PayOutcome.AMOUNT_MISMATCH : PayOutcome.NOT_PAYABLE;
    }

    /**
     * A paid order whose payment the provider refunded ends REFUNDED, and its unit goes back like a cancelled
     * one's: on sale again while the sale is on; after its end it is counted back in stock, where nobody can buy
     * it. A unit that could not be handed back to the sale fails the call, so payment-service asks again.
     */
    public RefundOutcome refund(long orderId, BigDecimal amount) {
        boolean refunded = counted("refunded", end(orderId, () -> orders.markRefunded(orderId, amount)));
        Order order = orders.findById(orderId);
        if (order == null) {
            return RefundOutcome.UNKNOWN;
        }
        if (order.status() == OrderStatus.REFUNDED.code()) {
            returnToSale(order);
            return refunded ? RefundOutcome.REFUNDED : RefundOutcome.ALREADY_REFUNDED;
        }
        return order.status() == OrderStatus.PAID.code() && order.price().compareTo(amount) != 0
                ? RefundOutcome.AMOUNT_MISMATCH : RefundOutcome.NOT_REFUNDABLE;
    }

    /** {@code seckill_order_events_total{event}}: a change that happened is counted once. */
    private boolean counted(String event, boolean happened) {
        if (happened) {
            meters.counter("seckill.order.events", "event", event).increment();
        }
        return happened;
    }

    private boolean end(long orderId, IntSupplier conditionalUpdate) {
        Boolean ended = tx.execute(status -> {
            if (conditionalUpdate.getAsInt() == 0) {
                return false;
            }
            orders.returnStock(orders.findById(orderId).activityId());
            return true;
        });
        return Boolean.TRUE.equals(ended);
    }

    /** The unit of an order that has ended, by this call or an earlier one, goes back to the sale. */
    private void finishReturn(long orderId) {
        Order order = orders.findById(orderId);
        if (order != null) {
            returnToSale(order);
        }
    }

    /**
     * Completes the return of an ended order's unit to the sale. Repeating it is harmless: the flag stops a
     * second return once recorded, and seckill-service returns a unit once per order whatever it is told.
     */
    public void returnToSale(Order order) {
        if (!order.ended() || order.stockReturned()) {
            return;
        }
        settlements.publish(List.of(Settlement.ended(order.activityId(), order.userId(), order.id())));
        orders.markStockReturned(order.id());
    }
}
