package com.seckill.seckill.outbox;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.Queues;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Moves order messages from the Redis outbox to RabbitMQ. An entry leaves the outbox only when
 * the broker confirms it was routed to a queue; a nack, a return (no queue bound) or a broker
 * outage leaves it there, and the sweep publishes it again. Duplicates are harmless: the
 * consumer is idempotent by request id. With several instances, one at a time sweeps an
 * activity's outbox (Redisson lock), and an entry that keeps failing is retried with a growing
 * delay, so a broker outage causes no publish storm. The outbox depth is the gauge
 * {@code seckill.outbox.pending}.
 * <p>
 * Confirmed entries are removed by one thread of their own, in bulk: the confirms that arrive
 * while one removal runs go into the next, so a burst of purchases costs Redis a handful of HDELs,
 * not one per order, and the broker's confirm thread never waits on Redis.
 */
@Component
public class OutboxRelay {

    private static final Logger log = LoggerFactory.getLogger(OutboxRelay.class);
    private static final int SCAN_BATCH = 500;

    private final RabbitTemplate rabbit;
    private final StringRedisTemplate redis;
    private final ActivityCatalog catalog;
    private final SeckillProperties properties;
    private final ObjectMapper json;
    private final Clock clock;
    /** Longest pause between two attempts at one entry. */
    private static final long MAX_BACKOFF_MS = 60_000;
    /** Most confirmed entries removed by one HDEL. */
    private static final int REMOVE_BATCH = 1_000;

    /** Request ids published and not yet confirmed by this instance: the sweep leaves them alone. */
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();
    /** Attempts so far of entries the sweep had to publish again, for the backoff. */
    private final Map<String, Integer> attempts = new ConcurrentHashMap<>();
    private final AtomicLong pending = new AtomicLong();
    private final RedissonClient redisson;
    /** Confirmed by the broker, waiting for {@link #removeConfirmed()} to take them out of their outbox. */
    private final BlockingQueue<OutboxCorrelation> confirmedEntries = new LinkedBlockingQueue<>();
    private final Thread remover = new Thread(this::removeConfirmed, "outbox-remover");

    OutboxRelay(RabbitTemplate rabbit, StringRedisTemplate redis, RedissonClient redisson, ActivityCatalog catalog,
                SeckillProperties properties, ObjectMapper json, Clock clock, MeterRegistry meters) {
        this.rabbit = rabbit;
        this.redisson = redisson;
        Gauge.builder("seckill.outbox.pending", pending, AtomicLong::get)
                .description("Order messages accepted in Redis and not yet confirmed by RabbitMQ")
                .register(meters);
        this.redis = redis;
        this.catalog = catalog;
        this.properties = properties;
        this.json = json;
        this.clock = clock;
        rabbit.setMandatory(true);
        rabbit.setConfirmCallback(this::confirmed);
        rabbit.setReturnsCallback(returned -> log.warn("Order message returned by the broker ({} {}): kept in the outbox",
                returned.getReplyCode(), returned.getReplyText()));
    }

    @PostConstruct
    void startRemover() {
        remover.setDaemon(true);
        remover.start();
    }

    @PreDestroy
    void stopRemover() throws InterruptedException {
        remover.interrupt();
        remover.join(5_000);
    }

    /** Publishes one outbox entry; failures leave it in the outbox for the sweep. */
    public void publish(long activityId, String requestId, String payload) {
        if (!inFlight.add(requestId)) {
            return;
        }
        Message message = MessageBuilder.withBody(payload.getBytes(StandardCharsets.UTF_8))
                .setContentType(MessageProperties.CONTENT_TYPE_JSON)
                .setMessageId(requestId)
                .setDeliveryMode(MessageDeliveryMode.PERSISTENT)
                .build();
        try {
            rabbit.send(Queues.ORDER_EXCHANGE, Queues.ORDER_CREATE_ROUTING_KEY, message,
                    new OutboxCorrelation(activityId, requestId));
        } catch (AmqpException e) {
            inFlight.remove(requestId);
            log.debug("Publish of {} failed, left in the outbox: {}", requestId, e.toString());
        }
    }

    private void confirmed(CorrelationData data, boolean ack, String cause) {
        if (!(data instanceof OutboxCorrelation entry)) {
            return;
        }
        if (ack && data.getReturned() == null) {
            confirmedEntries.add(entry); // in flight until it is out of the outbox: the sweep leaves it alone
            return;
        }
        if (!ack) {
            log.warn("Broker refused order message {}: {}; kept in the outbox", entry.getId(), cause);
        }
        inFlight.remove(entry.getId());
    }

    /** The remover thread's loop: takes what has been confirmed so far, removes it in one go, again. */
    private void removeConfirmed() {
        List<OutboxCorrelation> batch = new ArrayList<>();
        while (!Thread.currentThread().isInterrupted()) {
            try {
                batch.add(confirmedEntries.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            confirmedEntries.drainTo(batch, REMOVE_BATCH);
            remove(batch);
            batch.clear();
        }
    }

    private void remove(List<OutboxCorrelation> entries) {
        if (entries.isEmpty()) {
            return;
        }
        Map<Long, List<Object>> byActivity = new LinkedHashMap<>();
        entries.forEach(entry -> byActivity.computeIfAbsent(entry.activityId, id -> new ArrayList<>()).add(entry.getId()));
        try {
            byActivity.forEach((activityId, requestIds) ->
                    redis.opsForHash().delete(SeckillKeys.outbox(activityId), requestIds.toArray()));
            entries.forEach(entry -> attempts.remove(entry.getId()));
        } catch (RuntimeException e) {
            log.warn("{} confirmed messages not removed from the outbox; they will be sent again: {}", entries.size(),
                    e.toString());
        } finally {
            entries.forEach(entry -> inFlight.remove(entry.getId()));
        }
    }

    /** Publishes again what stayed in an outbox longer than its retry delay. */
    @Scheduled(fixedDelayString = "${seckill.sale.relay-interval:2s}")
    void sweep() {
        long now = clock.millis();
        long depth = 0;
        for (Activity activity : catalog.all()) {
            try {
                depth += redis.opsForHash().size(SeckillKeys.outbox(activity.id()));
                RLock lock = redisson.getLock(SeckillKeys.relayLock(activity.id()));
                if (lock.tryLock()) {
                    try {
                        sweep(activity.id(), now);
                    } finally {
                        lock.unlock();
                    }
                }
            } catch (RuntimeException e) {
                log.warn("Outbox sweep of activity {} failed: {}", activity.id(), e.toString());
            }
        }
        pending.set(depth);
    }

    private void sweep(long activityId, long now) {
        ScanOptions options = ScanOptions.scanOptions().count(SCAN_BATCH).build();
        try (Cursor<Map.Entry<Object, Object>> cursor = redis.opsForHash().scan(SeckillKeys.outbox(activityId), options)) {
            while (cursor.hasNext()) {
                Map.Entry<Object, Object> entry = cursor.next();
                String requestId = (String) entry.getKey();
                String payload = (String) entry.getValue();
                int tries = attempts.getOrDefault(requestId, 0);
                long delay = Math.min(properties.relayRetryAfter().toMillis() << Math.min(tries, 16), MAX_BACKOFF_MS);
                if (!inFlight.contains(requestId) && acceptedAt(payload) + delay <= now) {
                    attempts.put(requestId, tries + 1);
                    publish(activityId, requestId, payload);
                }
            }
        }
    }

    private long acceptedAt(String payload) {
        try {
            return json.readTree(payload).path("acceptedAt").asLong(0);
        } catch (IOException e) {
            return 0;
        }
    }

    /** Carries the activity so the confirm callback knows which outbox to remove the entry from. */
    static final class OutboxCorrelation extends CorrelationData {

        private final long activityId;

        OutboxCorrelation(long activityId, String requestId) {
            super(requestId);
            this.activityId = activityId;
        }
    }
}
