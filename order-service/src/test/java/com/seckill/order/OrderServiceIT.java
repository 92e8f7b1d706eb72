package com.seckill.order;

import com.seckill.common.message.OrderMessage;
import com.seckill.common.test.TestInfra;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the integration tests: the whole service, its consumer listening on the real
 * RabbitMQ (vhost seckill_it), writing to the real MariaDB (seckill_it) and Redis (db 1).
 */
@SpringBootTest
@AutoConfigureMockMvc
public abstract class OrderServiceIT {

    /** Short enough to watch orders close; every test's assertions hold whether or not a close happened. */
    protected static final String PAY_TIMEOUT = "4s";

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        TestInfra.register(registry);
        registry.add("seckill.order.pay-timeout", () -> PAY_TIMEOUT);
        // the sweeper runs when a test calls it, not on its own
        registry.add("seckill.order.sweep-interval", () -> "1h");
    }

    /** Invariant 3 on the MySQL side: units left + live orders = the stock the activity started with. */
    protected static boolean stockBalanced(long activityId, int total) throws Exception {
        return count("SELECT a.stock + (SELECT COUNT(*) FROM seckill_order o WHERE o.activity_id = a.id AND o.status IN (0, 1))"
                + " FROM seckill_activity a WHERE a.id = ?", activityId) == total;
    }

    protected static long uniqueId() {
        return ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
    }

    /** Inserts an activity row as seckill-service would have; returns its id. */
    protected static long insertActivity(int stock) throws Exception {
        try (Connection c = TestInfra.connection();
             PreparedStatement s = c.prepareStatement("INSERT INTO seckill_activity (goods_id, goods_name, price, stock_total, stock,"
                     + " start_time, end_time) VALUES (?, 'IT phone', 10.00, ?, ?, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3) + INTERVAL 1 HOUR)",
                     PreparedStatement.RETURN_GENERATED_KEYS)) {
            s.setLong(1, uniqueId());
            s.setInt(2, stock);
            s.setInt(3, stock);
            s.executeUpdate();
            try (ResultSet keys = s.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    protected static OrderMessage message(long activityId, long userId) {
        return new OrderMessage(UUID.randomUUID().toString(), userId, activityId, 77, "IT phone", new BigDecimal("10.00"),
                System.currentTimeMillis());
    }

    public static long count(String sql, Object... args) throws Exception {
        try (Connection c = TestInfra.connection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
