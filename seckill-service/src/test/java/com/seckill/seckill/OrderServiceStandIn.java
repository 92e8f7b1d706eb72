package com.seckill.seckill;

import com.seckill.common.test.TestInfra;
import com.seckill.common.trust.Scopes;
import com.seckill.web.test.ServiceStandIn;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * order-service's read API as seckill-service uses it, answered from the test database exactly as
 * order-service answers from its tables (the tests write orders there as its consumer would). Its
 * consumer is idle unless a test says it is busy, and a test can slip work in before or after the
 * next holders are read (a purchase turning into an order while the holders are being read).
 */
public final class OrderServiceStandIn extends ServiceStandIn {

    private static final String LIVE = "status IN (0, 1)";
    public final AtomicBoolean consumerBusy = new AtomicBoolean();
    public final AtomicReference<Runnable> beforeNextHolders = new AtomicReference<>();
    public final AtomicReference<Runnable> afterNextHolders = new AtomicReference<>();

    OrderServiceStandIn() {
        route("/internal/activities/", Scopes.ORDERS_READ, this::activity);
        route("/internal/requests/", Scopes.ORDERS_READ, this::request);
        route("/internal/consumer", Scopes.ORDERS_READ, (path, body) -> new Answer(200,
                Map.of("busy", consumerBusy.get(), "idleMillis", consumerBusy.get() ? 0 : 60_000)));
    }

    private Answer activity(String path, byte[] body) throws Exception {
        String[] parts = path.split("/");
        long activityId = Long.parseLong(parts[3]);
        if (parts[4].equals("holders")) {
            Runnable before = beforeNextHolders.getAndSet(null);
            if (before != null) {
                before.run();
            }
            Answer holders = new Answer(200, longs("SELECT user_id FROM seckill_order WHERE activity_id = ? AND " + LIVE, activityId));
            Runnable after = afterNextHolders.getAndSet(null);
            if (after != null) {
                after.run();
            }
            return holders;
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        List<String> names = List.of("PENDING", "PAID", "CANCELLED", "CLOSED", "REFUNDED");
        names.forEach(name -> counts.put(name, 0L));
        try (Connection c = TestInfra.connection();
             PreparedStatement s = c.prepareStatement("SELECT status, COUNT(*) FROM seckill_order WHERE activity_id = ? GROUP BY status")) {
            s.setLong(1, activityId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    counts.put(names.get(rs.getInt(1)), rs.getLong(2));
                }
            }
        }
        return new Answer(200, counts);
    }

    private Answer request(String path, byte[] body) throws Exception {
        String requestId = path.substring("/internal/requests/".length());
        try (Connection c = TestInfra.connection()) {
            try (PreparedStatement s = c.prepareStatement("SELECT id, user_id FROM seckill_order WHERE request_id = ?")) {
                s.setString(1, requestId);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        return new Answer(200, Map.of("requestId", requestId, "userId", rs.getLong(2), "status", "SUCCESS",
                                "orderId", rs.getLong(1)));
                    }
                }
            }
            try (PreparedStatement s = c.prepareStatement("SELECT user_id, outcome FROM mq_consume_log WHERE message_id = ?")) {
                s.setString(1, requestId);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next() && !rs.getString(2).equals("SUCCESS")) {
                        return new Answer(200, Map.of("requestId", requestId, "userId", rs.getLong(1), "status", "FAIL",
                                "reason", rs.getString(2)));
                    }
                }
            }
        }
        return new Answer(404, Map.of("code", "NOT_FOUND"));
    }

    private static List<Long> longs(String sql, long arg) throws Exception {
        List<Long> values = new ArrayList<>();
        try (Connection c = TestInfra.connection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setLong(1, arg);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    values.add(rs.getLong(1));
                }
            }
        }
        return values;
    }
}
