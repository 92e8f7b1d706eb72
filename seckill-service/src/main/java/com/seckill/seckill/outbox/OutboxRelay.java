package com.seckill.seckill.outbox;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.Queues;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
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
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 * Two threads of its own keep the request path short and batch the work a burst brings: the
 * publisher gathers what is accepted within {@code relay-linger} (10 ms) of the first entry into
 * one message (a JSON array of order messages, see {@link #send}), and the remover takes confirmed entries out of
 * the outbox with one HDEL per activity. A purchase thread only queues its entry, and its 202
 * never waits for the publish.
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
    /** Most order messages in one published message. */
    private static final int PUBLISH_BATCH = 100;

    /** Request ids published and not yet confirmed by this instance: the sweep leaves them alone. */
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();
    /** Attempts so far of entries the sweep had to publish again, for the backoff. */
    private final Map<String, Integer> attempts = new ConcurrentHashMap<>();
    private final AtomicLong pending = new AtomicLong();
    private final AtomicLong lastSweep = new AtomicLong();
    private final Timer publishLatency;
    private final RedissonClient redisson;
    /** Accepted, waiting for {@link #publishQueued()} to publish them. */
    private final BlockingQueue<OutboxEntry> toPublish = new LinkedBlockingQueue<>();
    /** Confirmed by the broker, waiting for {@link #removeConfirmed()} to take them out of their outbox. */
    private final BlockingQueue<OutboxEntry> confirmedEntries = new LinkedBlockingQueue<>();
    private final Thread publisher = new Thread(this::publishQueued, "outbox-publisher");
    private final Thread remover = new Thread(this::removeConfirmed, "outbox-remover");

    OutboxRelay(RabbitTemplate rabbit, StringRedisTemplate redis, RedissonClient redisson, ActivityCatalog catalog,
                SeckillProperties properties, ObjectMapper json, Clock clock, MeterRegistry meters) {
        this.rabbit = rabbit;
        this.redisson = redisson;
        Gauge.builder("seckill.outbox.pending", pending, AtomicLong::get)
                .description("Order messages accepted in Redis and not yet confirmed by RabbitMQ")
                .register(meters);
        this.publishLatency = Timer.builder("seckill.relay.publish")
                .description("From an accepted purchase to the broker's confirm of its message")
                .publishPercentileHistogram().register(meters);
        Gauge.builder("seckill.job.last.success", lastSweep, AtomicLong::get).tag("job", "outbox-sweep")
                .description("When the job last completed (epoch seconds)").register(meters);
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
    void startThreads() {
        publisher.setDaemon(true);
        publisher.start();
        remover.setDaemon(true);
        remover.start();
    }

    /** What is not published or not removed yet stays in the outbox: the sweep of the next start sends it. */
    @PreDestroy
    void stopThreads() throws InterruptedException {
        publisher.interrupt();
        remover.interrupt();
        publisher.join(5_000);
        remover.join(5_000);
    }

    /**
     * Hands one outbox entry to the publisher thread; a failure to publish leaves it in the outbox
     * for the sweep. Entries queued while a publish is under way go out together in the next one.
     *
     * @return completes with true once the broker confirmed the message (it is then durable in the
     *         broker), with false when it refused it or could not be reached (it stays in the outbox)
     */
    public CompletableFuture<Boolean> publish(long activityId, String requestId, String payload) {
        OutboxEntry entry = new OutboxEntry(activityId, requestId, payload, new CompletableFuture<>(), System.nanoTime());
        if (inFlight.add(requestId)) {
            toPublish.add(entry);
        } else {
            entry.published().complete(false); // already on its way: the outbox holds it meanwhile
        }
        return entry.published();
    }

    /** The publisher thread's loop: takes what has been accepted so far and publishes it as one message. */
    private void publishQueued() {
        List<OutboxEntry> batch = new ArrayList<>();
        while (!Thread.currentThread().isInterrupted()) {
            try {
                batch.add(toPublish.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            try {
                gatherMore(batch);
                send(batch);
            } catch (Throwable t) {
                // the thread must outlive anything: a dead publisher would strand every later entry in flight
                unpublished(batch);
                log.error("Publishing {} order messages failed; left in the outbox", batch.size(), t);
            } finally {
                batch.clear();
            }
        }
    }

    /**
     * Adds what else is accepted within the linger after the first entry, up to a full batch: a
     * purchase's 202 never waits for this, only its message does, by a few milliseconds.
     */
    private void gatherMore(List<OutboxEntry> batch) {
        long deadline = System.nanoTime() + properties.relayLinger().toNanos();
        while (batch.size() < PUBLISH_BATCH) {
            toPublish.drainTo(batch, PUBLISH_BATCH - batch.size());
            long left = deadline - System.nanoTime();
            if (batch.size() >= PUBLISH_BATCH || left <= 0) {
                return;
            }
            try {
                OutboxEntry next = toPublish.poll(left, TimeUnit.NANOSECONDS);
                if (next == null) {
                    return;
                }
                batch.add(next);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // publish what is gathered, then the loop ends
                return;
            }
        }
    }

    /**
     * One persistent message for the entries: the order message itself when there is one, else a
     * JSON array of them. What costs the broker (persisting, confirming, delivering, acknowledging)
     * is paid per message, so a burst of purchases costs it a message per batch, not per order.
     */
    private void send(List<OutboxEntry> entries) {
        try {
            String body = entries.size() == 1 ? entries.get(0).payload()
                    : entries.stream().map(OutboxEntry::payload).collect(Collectors.joining(",", "[", "]"));
            OutboxBatch correlation = new OutboxBatch(entries);
            Message message = MessageBuilder.withBody(body.getBytes(StandardCharsets.UTF_8))
                    .setContentType(MessageProperties.CONTENT_TYPE_JSON)
                    .setMessageId(correlation.getId())
                    .setDeliveryMode(MessageDeliveryMode.PERSISTENT)
                    .build();
            rabbit.send(Queues.ORDER_EXCHANGE, Queues.ORDER_CREATE_ROUTING_KEY, message, correlation);
        } catch (RuntimeException e) {
            unpublished(entries);
            log.debug("Publish of {} order messages failed, left in the outbox: {}", entries.size(), e.toString());
        }
    }

    private void confirmed(CorrelationData data, boolean ack, String cause) {
        if (!(data instanceof OutboxBatch batch)) {
            return;
        }
        if (ack && data.getReturned() == null) {
            confirmedEntries.addAll(batch.entries); // in flight until out of the outbox: the sweep leaves them alone
            long now = System.nanoTime();
            batch.entries.forEach(entry -> {
                publishLatency.record(now - entry.handedAt(), TimeUnit.NANOSECONDS);
                entry.published().complete(true);
            });
            return;
        }
        if (!ack) {
            log.warn("Broker refused {} order messages: {}; kept in the outbox", batch.entries.size(), cause);
        }
        unpublished(batch.entries);
    }

    /** Not in the broker: the outbox keeps them, the sweep sends them again. */
    private void unpublished(List<OutboxEntry> entries) {
        entries.forEach(entry -> {
            inFlight.remove(entry.requestId());
            entry.published().complete(false);
        });
    }

    /** The remover thread's loop: takes what has been confirmed so far, removes it in one go, again. */
    private void removeConfirmed() {
        List<OutboxEntry> batch = new ArrayList<>();
        while (!Thread.currentThread().isInterrupted()) {
            try {
                batch.add(confirmedEntries.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            confirmedEntries.drainTo(batch, REMOVE_BATCH);
            try {
                remove(batch);
            } catch (Throwable t) {
                log.error("Removing {} confirmed entries from the outbox failed; they will be sent again", batch.size(), t);
            } finally {
                batch.clear();
            }
        }
    }

    private void remove(List<OutboxEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        Map<Long, List<Object>> byActivity = new LinkedHashMap<>();
        entries.forEach(entry -> byActivity.computeIfAbsent(entry.activityId(), id -> new ArrayList<>()).add(entry.requestId()));
        try {
            byActivity.forEach((activityId, requestIds) ->
                    redis.opsForHash().delete(SeckillKeys.outbox(activityId), requestIds.toArray()));
            entries.forEach(entry -> attempts.remove(entry.requestId()));
        } catch (RuntimeException e) {
            log.warn("{} confirmed messages not removed from the outbox; they will be sent again: {}", entries.size(),
                    e.toString());
        } finally {
            entries.forEach(entry -> inFlight.remove(entry.requestId()));
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
        lastSweep.set(clock.instant().getEpochSecond());
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
                    publish(activityId, requestId, payload); // confirmed or not, the outbox tells the next sweep
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

    /** An accepted purchase as it sits in its activity's outbox, and the news of its publish. */
    private record OutboxEntry(long activityId, String requestId, String payload, CompletableFuture<Boolean> published,
                               long handedAt) {
    }

    /** The entries of one published message, so the confirm callback knows what to take out of the outboxes. */
    private static final class OutboxBatch extends CorrelationData {

        private final List<OutboxEntry> entries;

        OutboxBatch(List<OutboxEntry> entries) {
            super(entries.size() == 1 ? entries.get(0).requestId() : UUID.randomUUID().toString());
            this.entries = List.copyOf(entries);
        }
    }
}
