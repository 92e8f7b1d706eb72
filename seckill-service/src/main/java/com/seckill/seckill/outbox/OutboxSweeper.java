package com.seckill.seckill.outbox;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Publishes again what stayed in an outbox longer than its retry delay. With several instances, one
 * at a time sweeps an activity's outbox (Redisson lock), and an entry that keeps failing is retried
 * with a growing delay, so a broker outage causes no publish storm. The outbox depth is the gauge
 * {@code seckill.outbox.pending}.
 */
@Component
class OutboxSweeper {

    private static final Logger log = LoggerFactory.getLogger(OutboxSweeper.class);
    private static final int SCAN_BATCH = 500;
    /** Longest pause between two attempts at one entry. */
    private static final long MAX_BACKOFF_MS = 60_000;

    private final OutboxPublisher publisher;
    private final InFlight inFlight;
    private final StringRedisTemplate redis;
    private final RedissonClient redisson;
    private final ActivityCatalog catalog;
    private final SeckillProperties properties;
    private final ObjectMapper json;
    private final Clock clock;
    private final AtomicLong pending = new AtomicLong();
    private final AtomicLong lastSweep = new AtomicLong();

    OutboxSweeper(OutboxPublisher publisher, InFlight inFlight, StringRedisTemplate redis, RedissonClient redisson,
                  ActivityCatalog catalog, SeckillProperties properties, ObjectMapper json, Clock clock, MeterRegistry meters) {
        this.publisher = publisher;
        this.inFlight = inFlight;
        this.redis = redis;
        this.redisson = redisson;
        this.catalog = catalog;
        this.properties = properties;
        this.json = json;
        this.clock = clock;
        Gauge.builder("seckill.outbox.pending", pending, AtomicLong::get)
                .description("Order messages accepted in Redis and not yet confirmed by RabbitMQ")
                .register(meters);
        Gauge.builder("seckill.job.last.success", lastSweep, AtomicLong::get).tag("job", "outbox-sweep")
                .description("When the job last completed (epoch seconds)").register(meters);
    }

    @Scheduled(fixedDelayString = SeckillProperties.RELAY_INTERVAL)
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
                int tries = inFlight.sweeps(requestId);
                long delay = Math.min(properties.relayRetryAfter().toMillis() << Math.min(tries, 16), MAX_BACKOFF_MS);
                if (!inFlight.contains(requestId) && acceptedAt(payload) + delay <= now) {
                    inFlight.swept(requestId);
                    publisher.publish(activityId, requestId, payload); // confirmed or not, the outbox tells the next sweep
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
}
