package com.seckill.order.ledger;

import com.seckill.common.ledger.ConsumerState;
import com.seckill.common.ledger.OrderSnapshot;
import com.seckill.common.ledger.RequestOutcome;
import com.seckill.order.consume.ConsumeLogMapper;
import com.seckill.order.consume.ConsumeLogMapper.ConsumeRecord;
import com.seckill.order.consume.ConsumerActivity;
import com.seckill.order.order.Order;
import com.seckill.order.order.OrderMapper;
import com.seckill.order.order.OrderStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Service;

/** Read-only answers about orders for the other services; they never read order-service's tables. */
@Service
class OrderLedger {

    private static final String SUCCESS = "SUCCESS";
    private static final String FAIL = "FAIL";

    private final OrderMapper orders;
    private final ConsumeLogMapper consumeLog;
    private final ConsumerActivity consumer;

    OrderLedger(OrderMapper orders, ConsumeLogMapper consumeLog, ConsumerActivity consumer) {
        this.orders = orders;
        this.consumeLog = consumeLog;
        this.consumer = consumer;
    }

    Optional<OrderSnapshot> order(long orderId) {
        return Optional.ofNullable(orders.findById(orderId)).map(order ->
                new OrderSnapshot(order.id(), order.userId(), order.price(), OrderStatus.of(order.status()).name()));
    }

    List<Long> holders(long activityId) {
        return orders.findLiveHolders(activityId);
    }

    /** Every status, zero included, so a reader never mistakes a missing one for unknown. */
    Map<String, Long> orderCounts(long activityId) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (OrderStatus status : OrderStatus.values()) {
            counts.put(status.name(), 0L);
        }
        orders.countByStatus(activityId).forEach(row -> counts.put(OrderStatus.of(row.status()).name(), row.orders()));
        return counts;
    }

    /** The outcome MySQL recorded for a request; empty while no consumer has settled it. */
    Optional<RequestOutcome> request(String requestId) {
        Order order = orders.findByRequestId(requestId);
        if (order != null) {
            return Optional.of(new RequestOutcome(requestId, order.userId(), SUCCESS, order.id(), null));
        }
        ConsumeRecord record = consumeLog.find(requestId);
        if (record == null || record.userId() == null || SUCCESS.equals(record.outcome())) {
            return Optional.empty(); // a SUCCESS without its order would be a bug; nothing to answer with
        }
        return Optional.of(new RequestOutcome(requestId, record.userId(), FAIL, null, record.outcome()));
    }

    ConsumerState consumer() {
        return consumer.state();
    }
}
