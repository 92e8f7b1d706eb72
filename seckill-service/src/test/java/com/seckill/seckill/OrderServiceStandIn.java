package com.seckill.seckill;

import com.seckill.common.test.TestInfra;
import com.seckill.common.trust.Scopes;
import com.seckill.web.test.ServiceStandIn;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * order-service's read API as seckill-service uses it, answered from this stand-in's own ledger of orders
 * (the tests place and cancel orders here as order-service's consumer would): seckill-service's tests never
 * touch order-service's tables. Like order-service, placing or cancelling an order moves the stock column
 * of {@code seckill_activity}, the one column contract §6 gives order-service. Its consumer is idle unless
 * a test says it is busy, and a test can slip work in before or after the next holders are read (a
 * purchase turning into an order while the holders are being read).
 */
public final class OrderServiceStandIn extends ServiceStandIn {

    /** Order statuses by code, as order-service reports them. */
    private static final List<String> STATUSES = List.of("PENDING", "PAID", "CANCELLED", "CLOSED", "REFUNDED");
    private static final int PENDING = 0;
    private static final int PAID = 1;
    private static final int CANCELLED = 2;

    public final AtomicBoolean consumerBusy = new AtomicBoolean();
    public final AtomicReference<Runnable> beforeNextHolders = new AtomicReference<>();
    public final AtomicReference<Runnable> afterNextHolders = new AtomicReference<>();
    private final Map<Long, Order> orders = new ConcurrentHashMap<>();
    private final AtomicLong nextOrderId = new AtomicLong(1);

    private record Order(long id, String requestId, long userId, long activityId, int status) {

        boolean live() {
            return status == PENDING || status == PAID;
        }
    }

    OrderServiceStandIn() {
        route("/internal/activities/", Scopes.ORDERS_READ, this::activity);
        route("/internal/requests/", Scopes.ORDERS_READ, this::request);
        route("/internal/consumer", Scopes.ORDERS_READ, (path, body) -> new Answer(200,
                Map.of("busy", consumerBusy.get(), "idleMillis", consumerBusy.get() ? 0 : 60_000)));
    }

    /** A pending order for the request, with the unit it took from MySQL's stock; its id. */
    public long placeOrder(long activityId, long userId, String requestId) {
        stock(activityId, -1);
        long id = nextOrderId.getAndIncrement();
        orders.put(id, new Order(id, requestId, userId, activityId, PENDING));
        return id;
    }

    /** The shopper cancels the order: it no longer holds its unit, which MySQL's stock gets back. */
    public void cancel(long orderId) {
        Order order = orders.get(orderId);
        orders.put(orderId, new Order(orderId, order.requestId(), order.userId(), order.activityId(), CANCELLED));
        stock(order.activityId(), +1);
    }

    private static void stock(long activityId, int change) {
        try (Connection c = TestInfra.connection();
             PreparedStatement s = c.prepareStatement("UPDATE seckill_activity SET stock = stock + ? WHERE id = ? AND stock + ? >= 0")) {
            s.setInt(1, change);
            s.setLong(2, activityId);
            s.setInt(3, change);
            if (s.executeUpdate() != 1) {
                throw new IllegalStateException("activity " + activityId + " has no unit left to take");
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private Answer activity(String path, byte[] body) {
        String[] parts = path.split("/");
        long activityId = Long.parseLong(parts[3]);
        if (parts[4].equals("holders")) {
            Runnable before = beforeNextHolders.getAndSet(null);
            if (before != null) {
                before.run();
            }
            Answer holders = new Answer(200, orders.values().stream()
                    .filter(order -> order.activityId() == activityId && order.live()).map(Order::userId).toList());
            Runnable after = afterNextHolders.getAndSet(null);
            if (after != null) {
                after.run();
            }
            return holders;
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        STATUSES.forEach(name -> counts.put(name, 0L));
        orders.values().stream().filter(order -> order.activityId() == activityId)
                .forEach(order -> counts.merge(STATUSES.get(order.status()), 1L, Long::sum));
        return new Answer(200, counts);
    }

    private Answer request(String path, byte[] body) {
        String requestId = path.substring("/internal/requests/".length());
        return orders.values().stream().filter(order -> order.requestId().equals(requestId)).findFirst()
                .map(order -> new Answer(200, Map.of("requestId", requestId, "userId", order.userId(), "status", "SUCCESS",
                        "orderId", order.id())))
                .orElseGet(() -> new Answer(404, Map.of("code", "NOT_FOUND")));
    }
}
