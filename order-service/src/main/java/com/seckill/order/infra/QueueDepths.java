package com.seckill.order.infra;

import com.seckill.common.message.Queues;
import com.seckill.order.OrderProperties;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * {@code seckill_queue_depth{queue}}: messages waiting in the order queue, its retry queue and its dead-letter queue,
 * read from the broker every few seconds (-1 while the broker cannot be asked).
 */
@Component
class QueueDepths {

    private static final List<String> WATCHED = List.of(Queues.ORDER_CREATE, Queues.ORDER_CREATE_RETRY, Queues.ORDER_CREATE_DLQ);

    private final AmqpAdmin broker;
    private final Map<String, AtomicLong> depths = new ConcurrentHashMap<>();

    QueueDepths(AmqpAdmin broker, MeterRegistry meters) {
        this.broker = broker;
        for (String queue : WATCHED) {
            AtomicLong depth = depths.computeIfAbsent(queue, q -> new AtomicLong(-1));
            Gauge.builder("seckill.queue.depth", depth, AtomicLong::get).tag("queue", queue)
                    .description("Messages waiting in the queue").register(meters);
        }
    }

    @Scheduled(fixedDelayString = OrderProperties.QUEUE_DEPTH_INTERVAL)
    void read() {
        for (String queue : WATCHED) {
            long depth;
            try {
                Properties properties = broker.getQueueProperties(queue);
                Object count = properties == null ? null : properties.get(RabbitAdmin.QUEUE_MESSAGE_COUNT);
                depth = count instanceof Integer messages ? messages : -1;
            } catch (RuntimeException e) {
                depth = -1;
            }
            depths.get(queue).set(depth);
        }
    }
}
