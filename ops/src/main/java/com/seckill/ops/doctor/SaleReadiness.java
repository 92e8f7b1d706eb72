package com.seckill.ops.doctor;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.seckill.common.message.Queues;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The doctor's checks of what the sale will run on, read from the infrastructure once it is reached: the
 * unique indexes, the activities warmed in Redis, Redis persistence, and the queues with their consumers.
 */
final class SaleReadiness {

    /** The unique indexes that keep a sale exact (DESIGN.md §6): table, index. */
    private static final List<String[]> GUARDS = List.of(
            new String[] {"seckill_order", "uk_order_user_activity"}, new String[] {"seckill_order", "uk_order_request"},
            new String[] {"seckill_order", "uk_order_no"}, new String[] {"payment", "uk_payment_order"},
            new String[] {"mq_consume_log", "uk_consume_message"});

    private final Target target;
    private final Infrastructure infra;

    SaleReadiness(Target target, Infrastructure infra) {
        this.target = target;
        this.infra = infra;
    }

    Check schema() {
        List<String> missing = new ArrayList<>();
        for (String[] guard : GUARDS) {
            try (PreparedStatement q = infra.database().prepareStatement("SELECT COUNT(*) FROM information_schema.statistics "
                    + "WHERE table_schema = DATABASE() AND table_name = ? AND index_name = ? AND non_unique = 0")) {
                q.setString(1, guard[0]);
                q.setString(2, guard[1]);
                try (ResultSet rs = q.executeQuery()) {
                    if (!rs.next() || rs.getLong(1) == 0) {
                        missing.add(guard[0] + "." + guard[1]);
                    }
                }
            } catch (SQLException e) {
                return Check.fail("Schema and its unique indexes", e.getMessage());
            }
        }
        return missing.isEmpty()
                ? Check.ok("Schema and its unique indexes", "user+activity, request id, order number, one payment per order, consume-once")
                : Check.fail("Schema and its unique indexes", "missing: " + missing + " (each service makes its tables as it starts, Flyway migrations in sql/<service>/: ./seckill up)");
    }

    /** Every activity on sale or starting within 10 minutes: its keys in Redis, and Redis stock = MySQL stock - in flight. */
    List<Check> activitiesWarmed() {
        List<Check> checks = new ArrayList<>();
        List<String> unwarmed = new ArrayList<>();
        List<String> apart = new ArrayList<>();
        int seen = 0;
        try (PreparedStatement q = infra.database().prepareStatement("SELECT id, stock, buckets FROM seckill_activity WHERE status = 0 "
                + "AND end_time > UTC_TIMESTAMP(3) AND start_time < UTC_TIMESTAMP(3) + INTERVAL 10 MINUTE ORDER BY id DESC")) {
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    seen++;
                    long id = rs.getLong(1);
                    int dbStock = rs.getInt(2);
                    Long stock = 0L;
                    long inFlight = 0;
                    for (StockBucket bucket : SeckillKeys.buckets(id, rs.getInt(3))) { // an activity sold from several
                        String units = infra.redis().get(bucket.stock());
                        stock = units == null || stock == null || infra.redis().exists(bucket.info()) == 0 ? null : stock + Long.parseLong(units);
                        inFlight += infra.redis().zcard(bucket.queued());
                        for (String transfer : infra.redis().hvals(bucket.lent())) { // units between two buckets
                            inFlight += Long.parseLong(transfer.substring(transfer.indexOf(':') + 1));
                        }
                    }
                    if (stock == null) {
                        unwarmed.add(String.valueOf(id));
                        continue;
                    }
                    if (stock != dbStock - inFlight) {
                        apart.add(id + " (Redis " + stock + ", MySQL " + dbStock + ", in flight " + inFlight + ")");
                    }
                }
            }
        } catch (SQLException | RuntimeException e) {
            checks.add(Check.fail("Activities warmed up", e.getMessage()));
            return checks;
        }
        checks.add(unwarmed.isEmpty() ? Check.ok("Activities warmed up", seen + " on sale or starting within 10 min")
                : Check.fail("Activities warmed up", "not in Redis: " + firstOf(unwarmed)
                + " (POST /api/admin/activities/{id}/warmup, or wait for the warm-up job)"));
        checks.add(apart.isEmpty() ? Check.ok("Stock agrees (Redis = MySQL - in flight)", seen + " checked")
                : Check.warn("Stock agrees (Redis = MySQL - in flight)", firstOf(apart)
                + " (settles by itself when orders are in flight; else POST .../reconcile)"));
        return checks;
    }

    /** The newest few of a long list, and how many more there are. */
    private static String firstOf(List<String> items) {
        int shown = Math.min(items.size(), 10);
        return String.join("; ", items.subList(0, shown)) + (items.size() > shown ? " and " + (items.size() - shown) + " more" : "");
    }

    Check redisPersistence() {
        try {
            List<?> appendonly = infra.redis().configGet("appendonly").values().stream().toList();
            boolean on = appendonly.contains("yes");
            return on ? Check.ok("Redis persistence", "AOF on")
                    : Check.warn("Redis persistence", "AOF off: a Redis crash loses what it held (appendonly yes)");
        } catch (RuntimeException e) {
            return Check.warn("Redis persistence", "cannot tell (CONFIG GET refused: " + e.getMessage() + ")");
        }
    }

    List<Check> queues() {
        List<Check> checks = new ArrayList<>();
        List<String> expected = new ArrayList<>(List.of(Queues.ORDER_CREATE, Queues.ORDER_CREATE_DLQ,
                Queues.ORDER_CREATE_RETRY, Queues.ORDER_CLOSE, Queues.ORDER_CLOSE_RETRY));
        String delay = null;
        try {
            delay = Queues.orderDelayQueue(target.payTimeout());
            expected.add(delay);
        } catch (IllegalArgumentException e) {
            checks.add(Check.fail("Queue of unpaid orders (delay)", e.getMessage()));
        }
        for (String queue : expected) {
            AMQP.Queue.DeclareOk declared = declared(queue);
            String name = "Queue " + queue;
            if (declared == null) {
                checks.add(Check.fail(name, queue.equals(delay)
                        ? "missing: no order-service runs with pay timeout " + target.payTimeout() + " (SECKILL_ORDER_PAYTIMEOUT)"
                        : "missing (order-service declares it at start)"));
            } else if (queue.equals(Queues.ORDER_CREATE_DLQ)) {
                checks.add(declared.getMessageCount() == 0 ? Check.ok(name, "empty")
                        : Check.warn(name, declared.getMessageCount() + " dead-lettered message(s): read them before the sale"));
            } else if (Set.of(Queues.ORDER_CREATE_RETRY, Queues.ORDER_CLOSE_RETRY).contains(queue)) {
                checks.add(Check.ok(name, declared.getMessageCount() + " message(s) waiting out their retry back-off"));
            } else if (Set.of(Queues.ORDER_CREATE, Queues.ORDER_CLOSE).contains(queue) && declared.getConsumerCount() == 0) {
                checks.add(Check.fail(name, "no consumer attached (is order-service up?)"));
            } else {
                checks.add(Check.ok(name, declared.getConsumerCount() + " consumer(s), " + declared.getMessageCount() + " waiting"));
            }
        }
        return checks;
    }

    private AMQP.Queue.DeclareOk declared(String queue) {
        try (Channel channel = infra.broker().createChannel()) {
            return channel.queueDeclarePassive(queue);
        } catch (Exception e) {
            return null; // a passive declare of a missing queue closes the channel: it is missing
        }
    }
}
