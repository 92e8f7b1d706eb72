package com.seckill.order.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Queues;
import com.seckill.common.message.Settlement;
import com.seckill.common.test.TestInfra;
import com.seckill.web.test.Callers;
import com.seckill.order.OrderServiceIT;
import com.seckill.order.SettlementTap;
import com.seckill.order.close.UnpaidOrderSweeper;
import com.seckill.order.lifecycle.OrderLifecycle.PayOutcome;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.MockMvc;

/** Close on timeout, cancel, the sweeper and the pay/close race, on the real broker and MySQL, and what seckill-service is told. */
class OrderLifecycleIT extends OrderServiceIT {

    /** The price of every order these tests make. */
    private static final BigDecimal PRICE = new BigDecimal("10.00");

    private static final Duration SETTLE = Duration.ofSeconds(30);

    @Autowired
    RabbitTemplate rabbit;
    @Autowired
    SettlementTap settlements;
    @Autowired
    ObjectMapper json;
    @Autowired
    OrderLifecycle lifecycle;
    @Autowired
    UnpaidOrderSweeper sweeper;
    @Autowired
    MockMvc mvc;

    private long order(long activityId, long userId) throws Exception {
        OrderMessage message = message(activityId, userId);
        rabbit.send(Queues.ORDER_EXCHANGE, Queues.ORDER_CREATE_ROUTING_KEY,
                org.springframework.amqp.core.MessageBuilder.withBody(json.writeValueAsBytes(message)).build());
        SettlementTap.Outcome result = await().atMost(SETTLE).until(() -> settlements.result(message.requestId()), r -> r != null);
        assertThat(result.status()).isEqualTo(SettlementTap.Status.SUCCESS);
        return result.orderId();
    }

    /** An order row as the consumer writes it, but without its close timer. */
    private static long orderWithoutCloseTimer(long activityId, long userId) throws Exception {
        try (Connection c = TestInfra.connection();
             PreparedStatement insert = c.prepareStatement("INSERT INTO seckill_order (order_no, request_id, user_id, "
                     + "activity_id, goods_id, goods_name, price, status) VALUES (?, ?, ?, ?, 77, 'IT phone', 10.00, 0)",
                     PreparedStatement.RETURN_GENERATED_KEYS);
             PreparedStatement take = c.prepareStatement("UPDATE seckill_activity SET stock = stock - 1 WHERE id = ?")) {
            insert.setString(1, String.valueOf(uniqueId()));
            insert.setString(2, UUID.randomUUID().toString());
            insert.setLong(3, userId);
            insert.setLong(4, activityId);
            insert.executeUpdate();
            take.setLong(1, activityId);
            take.executeUpdate();
            try (ResultSet keys = insert.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    private long orderStatus(long orderId) throws Exception {
        return count("SELECT status FROM seckill_order WHERE id = ?", orderId);
    }

    /** What seckill-service was told of the order's end: the unit to give back to the sale. */
    private List<Settlement> ended(long orderId) {
        return settlements.of(null, orderId);
    }

    @Test
    void unpaidOrderClosesAfterTheTimeoutAndTheSameUserCanBuyAgain() throws Exception {
        long activityId = insertActivity(5);
        long userId = uniqueId();
        long orderId = order(activityId, userId);

        await().atMost(SETTLE).until(() -> orderStatus(orderId) == 3);

        await().atMost(SETTLE).until(() -> count("SELECT stock_returned FROM seckill_order WHERE id = ?", orderId) == 1);
        assertThat(count("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isEqualTo(5);
        assertThat(ended(orderId)).containsExactly(Settlement.ended(activityId, userId, orderId));

        long again = order(activityId, userId);
        assertThat(again).isNotEqualTo(orderId);
        assertThat(orderStatus(again)).isZero();
        assertThat(stockBalanced(activityId, 5)).isTrue();
    }

    @Test
    void aCloseDeliveredThreeTimesReturnsTheUnitToMysqlOnceAndOnlyItsEndIsToldToTheSale() throws Exception {
        long activityId = insertActivity(5);
        long userId = uniqueId();
        long orderId = order(activityId, userId);

        for (int i = 0; i < 3; i++) {
            rabbit.convertAndSend(Queues.ORDER_CLOSE_EXCHANGE, Queues.ORDER_CLOSE, String.valueOf(orderId));
        }

        await().atMost(SETTLE).until(() -> count("SELECT stock_returned FROM seckill_order WHERE id = ?", orderId) == 1);
        // the delay queue's own close comes too: still once
        await().during(Duration.ofSeconds(1)).atMost(SETTLE).until(() ->
                count("SELECT stock FROM seckill_activity WHERE id = ?", activityId) == 5 && !ended(orderId).isEmpty());
        // closes racing each other may each tell the sale before one records it: seckill-service applies it once
        assertThat(ended(orderId)).containsOnly(Settlement.ended(activityId, userId, orderId));
        assertThat(orderStatus(orderId)).isEqualTo(3);
    }

    @Test
    void oneCloseMessageNamingSeveralOrdersClosesTheUnpaidOnesAndLeavesThePaidOne() throws Exception {
        long activityId = insertActivity(5);
        List<Long> users = List.of(uniqueId(), uniqueId(), uniqueId());
        List<Long> orders = new ArrayList<>();
        for (long user : users) {
            orders.add(orderWithoutCloseTimer(activityId, user)); // so the message below is the only close
        }
        assertThat(lifecycle.pay(orders.get(1), PRICE)).isEqualTo(PayOutcome.PAID);

        rabbit.convertAndSend(Queues.ORDER_CLOSE_EXCHANGE, Queues.ORDER_CLOSE,
                orders.get(0) + "," + orders.get(1) + "," + orders.get(2));

        await().atMost(SETTLE).until(() -> orderStatus(orders.get(0)) == 3 && orderStatus(orders.get(2)) == 3);
        assertThat(orderStatus(orders.get(1))).isEqualTo(1);
        await().atMost(SETTLE).until(() -> ended(orders.get(0)).size() == 1 && ended(orders.get(2)).size() == 1);
        assertThat(ended(orders.get(1))).isEmpty();
        assertThat(count("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isEqualTo(4);
    }

    @Test
    void cancelReturnsTheUnitOnceAndCancellingAgainIsAConflict() throws Exception {
        long activityId = insertActivity(3);
        long owner = uniqueId();
        long orderId = order(activityId, owner);

        mvc.perform(post("/api/orders/{id}/cancel", orderId).with(Callers.user(owner + 1)))
                .andExpect(status().isNotFound());
        mvc.perform(post("/api/orders/{id}/cancel", orderId).with(Callers.user(owner)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.status").value("CANCELLED"));
        mvc.perform(post("/api/orders/{id}/cancel", orderId).with(Callers.user(owner)))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.code").value("CONFLICT"));

        assertThat(count("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isEqualTo(3);
        assertThat(ended(orderId)).containsExactly(Settlement.ended(activityId, owner, orderId));
        assertThat(lifecycle.pay(orderId, PRICE)).isEqualTo(PayOutcome.NOT_PAYABLE);
    }

    @Test
    void paidOrderIsNeverClosed() throws Exception {
        long activityId = insertActivity(3);
        long owner = uniqueId();
        long orderId = order(activityId, owner);

        assertThat(lifecycle.pay(orderId, PRICE)).isEqualTo(PayOutcome.PAID);
        assertThat(lifecycle.pay(orderId, PRICE)).isEqualTo(PayOutcome.ALREADY_PAID);
        rabbit.convertAndSend(Queues.ORDER_CLOSE_EXCHANGE, Queues.ORDER_CLOSE, String.valueOf(orderId));

        assertThat(lifecycle.close(orderId)).isFalse();
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(5)).until(() -> orderStatus(orderId) == 1);
        assertThat(ended(orderId)).isEmpty();
        assertThat(stockBalanced(activityId, 3)).isTrue();
        mvc.perform(post("/api/orders/{id}/cancel", orderId).with(Callers.user(owner)))
                .andExpect(status().isConflict());
    }

    @Test
    void sweeperClosesAnOrderWhoseCloseMessageWasLost() throws Exception {
        long activityId = insertActivity(2);
        long userId = uniqueId();
        long orderId;
        try (Connection c = TestInfra.connection();
             PreparedStatement s = c.prepareStatement("INSERT INTO seckill_order (order_no, request_id, user_id, activity_id,"
                     + " goods_id, goods_name, price, create_time) VALUES (?, ?, ?, ?, 1, 'lost', 1.00, UTC_TIMESTAMP(3) - INTERVAL 1 HOUR)",
                     PreparedStatement.RETURN_GENERATED_KEYS)) {
            s.setString(1, "lost" + userId);
            s.setString(2, "lost-" + userId);
            s.setLong(3, userId);
            s.setLong(4, activityId);
            s.executeUpdate();
            var keys = s.getGeneratedKeys();
            keys.next();
            orderId = keys.getLong(1);
            c.createStatement().executeUpdate("UPDATE seckill_activity SET stock = stock - 1 WHERE id = " + activityId);
        }

        assertThat(sweeper.sweep()).isGreaterThanOrEqualTo(1);

        assertThat(orderStatus(orderId)).isEqualTo(3);
        assertThat(count("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isEqualTo(2);
        assertThat(ended(orderId)).containsExactly(Settlement.ended(activityId, userId, orderId));
    }

    @Test
    void twoHundredPaymentsRacingTheirCloseEndPaidOrClosedNeverBoth() throws Exception {
        int orders = 200;
        long activityId = insertActivity(orders);
        long firstUser = uniqueId();
        List<Long> users = new ArrayList<>();
        for (int i = 0; i < orders; i++) {
            users.add(firstUser + i);
        }
        for (long user : users) {
            rabbit.send(Queues.ORDER_EXCHANGE, Queues.ORDER_CREATE_ROUTING_KEY,
                    org.springframework.amqp.core.MessageBuilder.withBody(json.writeValueAsBytes(message(activityId, user))).build());
        }
        await().atMost(SETTLE).until(() -> count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId) == orders);
        List<Long> orderIds = new ArrayList<>();
        try (Connection c = TestInfra.connection();
             var rs = c.createStatement().executeQuery("SELECT id FROM seckill_order WHERE activity_id = " + activityId)) {
            while (rs.next()) {
                orderIds.add(rs.getLong(1));
            }
        }
        // fire every payment the moment the first timeout closes an order
        await().atMost(SETTLE).pollInterval(Duration.ofMillis(20))
                .until(() -> count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ? AND status = 3", activityId) > 0);
        Map<PayOutcome, Integer> outcomes = new EnumMap<>(PayOutcome.class);
        Map<Long, PayOutcome> byOrder = new java.util.concurrent.ConcurrentHashMap<>();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(50);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (long orderId : orderIds) {
                futures.add(pool.submit(() -> {
                    start.await();
                    byOrder.put(orderId, lifecycle.pay(orderId, PRICE));
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        byOrder.values().forEach(outcome -> outcomes.merge(outcome, 1, Integer::sum));

        await().atMost(SETTLE).until(() -> count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ? AND status = 0", activityId) == 0
                && count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ? AND status = 3 AND stock_returned = 0", activityId) == 0);
        for (long orderId : orderIds) {
            long status = orderStatus(orderId);
            PayOutcome outcome = byOrder.get(orderId);
            assertThat(status == 1 ? PayOutcome.PAID : PayOutcome.NOT_PAYABLE).as("order %d", orderId).isEqualTo(outcome);
        }
        long paid = outcomes.getOrDefault(PayOutcome.PAID, 0);
        assertThat(paid + outcomes.getOrDefault(PayOutcome.NOT_PAYABLE, 0)).isEqualTo(orders);
        assertThat(outcomes.getOrDefault(PayOutcome.NOT_PAYABLE, 0)).isPositive();
        assertThat(count("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isEqualTo(orders - paid);
        // each closed order's end told to the sale, no paid order's
        for (long orderId : orderIds) {
            assertThat(ended(orderId).isEmpty()).as("order %d told ended", orderId).isEqualTo(orderStatus(orderId) != 3);
        }
    }
}
