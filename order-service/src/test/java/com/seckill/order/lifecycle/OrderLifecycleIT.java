package com.seckill.order.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Queues;
import com.seckill.common.redis.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.test.TestInfra;
import com.seckill.web.test.Callers;
import com.seckill.order.OrderServiceIT;
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
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.web.servlet.MockMvc;

/** Close on timeout, cancel, the sweeper and the pay/close race, on the real broker, MySQL and Redis. */
class OrderLifecycleIT extends OrderServiceIT {

    /** The price of every order these tests make. */
    private static final BigDecimal PRICE = new BigDecimal("10.00");

    private static final Duration SETTLE = Duration.ofSeconds(30);

    @Autowired
    RabbitTemplate rabbit;
    @Autowired
    StringRedisTemplate redis;
    @Autowired
    ObjectMapper json;
    @Autowired
    OrderLifecycle lifecycle;
    @Autowired
    UnpaidOrderSweeper sweeper;
    @Autowired
    MockMvc mvc;

    /** What seckill-service leaves in Redis when it accepts these users' purchases. */
    private void redisAcceptedPurchases(long activityId, int stockTotal, List<Long> users) {
        redis.opsForValue().set(SeckillKeys.stock(activityId), String.valueOf(stockTotal - users.size()));
        users.forEach(user -> redis.opsForSet().add(SeckillKeys.users(activityId), String.valueOf(user)));
    }

    private long order(long activityId, long userId) throws Exception {
        OrderMessage message = message(activityId, userId);
        rabbit.send(Queues.ORDER_EXCHANGE, Queues.ORDER_CREATE_ROUTING_KEY,
                org.springframework.amqp.core.MessageBuilder.withBody(json.writeValueAsBytes(message)).build());
        RequestResult result = await().atMost(SETTLE).until(() -> {
            String value = redis.opsForValue().get(SeckillKeys.result(message.requestId()));
            return value == null ? null : json.readValue(value, RequestResult.class);
        }, r -> r != null);
        assertThat(result.status()).isEqualTo(RequestResult.Status.SUCCESS);
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

    private String redisStock(long activityId) {
        return redis.opsForValue().get(SeckillKeys.stock(activityId));
    }

    @Test
    void unpaidOrderClosesAfterTheTimeoutAndTheSameUserCanBuyAgain() throws Exception {
        long activityId = insertActivity(5);
        long userId = uniqueId();
        redisAcceptedPurchases(activityId, 5, List.of(userId));
        long orderId = order(activityId, userId);

        await().atMost(SETTLE).until(() -> orderStatus(orderId) == 3);

        await().atMost(SETTLE).until(() -> count("SELECT stock_returned FROM seckill_order WHERE id = ?", orderId) == 1);
        assertThat(count("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isEqualTo(5);
        assertThat(redisStock(activityId)).isEqualTo("5");
        assertThat(redis.opsForSet().isMember(SeckillKeys.users(activityId), String.valueOf(userId))).isFalse();

        long again = order(activityId, userId);
        assertThat(again).isNotEqualTo(orderId);
        assertThat(orderStatus(again)).isZero();
        assertThat(stockBalanced(activityId, 5)).isTrue();
    }

    @Test
    void aCloseDeliveredThreeTimesReturnsTheUnitOnce() throws Exception {
        long activityId = insertActivity(5);
        long userId = uniqueId();
        redisAcceptedPurchases(activityId, 5, List.of(userId));
        long orderId = order(activityId, userId);

        for (int i = 0; i < 3; i++) {
            rabbit.convertAndSend(Queues.ORDER_CLOSE_EXCHANGE, Queues.ORDER_CLOSE, String.valueOf(orderId));
        }

        await().atMost(SETTLE).until(() -> count("SELECT stock_returned FROM seckill_order WHERE id = ?", orderId) == 1);
        // the delay queue's own close comes too: still once
        await().during(Duration.ofSeconds(1)).atMost(SETTLE).until(() ->
                count("SELECT stock FROM seckill_activity WHERE id = ?", activityId) == 5 && "5".equals(redisStock(activityId)));
        assertThat(orderStatus(orderId)).isEqualTo(3);
    }

    @Test
    void oneCloseMessageNamingSeveralOrdersClosesTheUnpaidOnesAndLeavesThePaidOne() throws Exception {
        long activityId = insertActivity(5);
        List<Long> users = List.of(uniqueId(), uniqueId(), uniqueId());
        redisAcceptedPurchases(activityId, 5, users);
        List<Long> orders = new ArrayList<>();
        for (long user : users) {
            orders.add(orderWithoutCloseTimer(activityId, user)); // so the message below is the only close
        }
        assertThat(lifecycle.pay(orders.get(1), PRICE)).isEqualTo(PayOutcome.PAID);

        rabbit.convertAndSend(Queues.ORDER_CLOSE_EXCHANGE, Queues.ORDER_CLOSE,
                orders.get(0) + "," + orders.get(1) + "," + orders.get(2));

        await().atMost(SETTLE).until(() -> orderStatus(orders.get(0)) == 3 && orderStatus(orders.get(2)) == 3);
        assertThat(orderStatus(orders.get(1))).isEqualTo(1);
        await().atMost(SETTLE).until(() -> "4".equals(redisStock(activityId)));
        assertThat(count("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isEqualTo(4);
    }

    @Test
    void cancelReturnsTheUnitOnceAndCancellingAgainIsAConflict() throws Exception {
        long activityId = insertActivity(3);
        long owner = uniqueId();
        redisAcceptedPurchases(activityId, 3, List.of(owner));
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
        assertThat(redisStock(activityId)).isEqualTo("3");
        assertThat(redis.opsForSet().isMember(SeckillKeys.users(activityId), String.valueOf(owner))).isFalse();
        assertThat(lifecycle.pay(orderId, PRICE)).isEqualTo(PayOutcome.NOT_PAYABLE);
    }

    @Test
    void paidOrderIsNeverClosed() throws Exception {
        long activityId = insertActivity(3);
        long owner = uniqueId();
        redisAcceptedPurchases(activityId, 3, List.of(owner));
        long orderId = order(activityId, owner);

        assertThat(lifecycle.pay(orderId, PRICE)).isEqualTo(PayOutcome.PAID);
        assertThat(lifecycle.pay(orderId, PRICE)).isEqualTo(PayOutcome.ALREADY_PAID);
        rabbit.convertAndSend(Queues.ORDER_CLOSE_EXCHANGE, Queues.ORDER_CLOSE, String.valueOf(orderId));

        assertThat(lifecycle.close(orderId)).isFalse();
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(5)).until(() -> orderStatus(orderId) == 1);
        assertThat(redisStock(activityId)).isEqualTo("2");
        assertThat(stockBalanced(activityId, 3)).isTrue();
        mvc.perform(post("/api/orders/{id}/cancel", orderId).with(Callers.user(owner)))
                .andExpect(status().isConflict());
    }

    @Test
    void sweeperClosesAnOrderWhoseCloseMessageWasLost() throws Exception {
        long activityId = insertActivity(2);
        long userId = uniqueId();
        redisAcceptedPurchases(activityId, 2, List.of(userId));
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
        assertThat(redisStock(activityId)).isEqualTo("2");
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
        redisAcceptedPurchases(activityId, orders, users);
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
        assertThat(redisStock(activityId)).isEqualTo(String.valueOf(orders - paid));
        assertThat(redis.opsForSet().size(SeckillKeys.users(activityId))).isEqualTo(paid);
    }
}
