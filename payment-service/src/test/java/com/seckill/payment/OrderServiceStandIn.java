package com.seckill.payment;

import com.fasterxml.jackson.databind.JsonNode;
import com.seckill.common.trust.Scopes;
import com.seckill.web.test.ServiceStandIn;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;

/**
 * order-service's internal API as payment-service uses it: the orders a test registers, and the
 * payments applied to them (recorded; PAID unless the test says otherwise or the amount is not the
 * order's price).
 */
final class OrderServiceStandIn extends ServiceStandIn {

    final List<Long> payCalls = new CopyOnWriteArrayList<>();
    final Map<Long, String> outcomes = new ConcurrentHashMap<>();
    private final Map<Long, Map<String, Object>> orders = new ConcurrentHashMap<>();

    OrderServiceStandIn() {
        route("/internal/orders/", path -> path.endsWith("/pay") ? Scopes.ORDERS_PAY : Scopes.ORDERS_READ, this::handle);
    }

    /** An order as order-service would hold it; returns its id. */
    long addOrder(long userId, String price, String status) {
        long id = ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
        orders.put(id, Map.of("id", id, "userId", userId, "price", new BigDecimal(price), "status", status));
        return id;
    }

    private Answer handle(String path, byte[] body) throws Exception {
        String[] parts = path.split("/");
        long orderId = Long.parseLong(parts[3]);
        Map<String, Object> order = orders.get(orderId);
        if (parts.length <= 4) {
            return order == null ? new Answer(404, Map.of("code", "NOT_FOUND")) : new Answer(200, order);
        }
        JsonNode notice = json.readTree(body);
        payCalls.add(orderId);
        String outcome = outcomes.getOrDefault(orderId,
                order != null && ((BigDecimal) order.get("price")).compareTo(notice.path("amount").decimalValue()) != 0
                        ? "AMOUNT_MISMATCH" : "PAID");
        return new Answer(200, Map.of("orderId", orderId, "outcome", outcome));
    }
}
