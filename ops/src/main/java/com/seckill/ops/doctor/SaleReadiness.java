package com.seckill.ops.doctor;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.seckill.common.message.Queues;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The doctor's checks of what the sale will run on, read from the infrastructure once it is reached: Redis
 * persistence, and the queues with their consumers. What the services keep there is theirs to report
 * ({@link ReportedState}).
 */
final class SaleReadiness {

    private final Target target;
    private final Infrastructure infra;

    SaleReadiness(Target target, Infrastructure infra) {
        this.target = target;
        this.infra = infra;
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
