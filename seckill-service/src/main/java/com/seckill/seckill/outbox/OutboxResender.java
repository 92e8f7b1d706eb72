package com.seckill.seckill.outbox;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.seckill.SeckillProperties;
import java.io.IOException;
import java.util.Map;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes again what stayed in one outbox (an activity's, or one of its buckets') longer than its retry delay:
 * {@code relay-retry-after}, doubled at each attempt this instance made (at most a minute), counted
 * from the last attempt, or from the purchase for an entry this instance never sent. What this
 * instance has in flight is left alone.
 */
@Component
class OutboxResender {

    private static final int SCAN_BATCH = 500;
    /** Longest pause between two attempts at one entry. */
    private static final long MAX_BACKOFF_MS = 60_000;

    private final OutboxPublisher publisher;
    private final InFlight inFlight;
    private final StringRedisTemplate redis;
    private final SeckillProperties properties;
    private final ObjectMapper json;

    OutboxResender(OutboxPublisher publisher, InFlight inFlight, StringRedisTemplate redis, SeckillProperties properties,
                   ObjectMapper json) {
        this.publisher = publisher;
        this.inFlight = inFlight;
        this.redis = redis;
        this.properties = properties;
        this.json = json;
    }

    void resendDue(String outbox, long now) {
        ScanOptions options = ScanOptions.scanOptions().count(SCAN_BATCH).build();
        try (Cursor<Map.Entry<Object, Object>> cursor = redis.opsForHash().scan(outbox, options)) {
            while (cursor.hasNext()) {
                Map.Entry<Object, Object> entry = cursor.next();
                String requestId = (String) entry.getKey();
                String payload = (String) entry.getValue();
                InFlight.Sweeps tries = inFlight.sweeps(requestId);
                long delay = Math.min(properties.relayRetryAfter().toMillis() << Math.min(tries.count(), 16), MAX_BACKOFF_MS);
                long since = tries.count() == 0 ? acceptedAt(payload) : tries.lastAt();
                if (!inFlight.contains(requestId) && since + delay <= now) {
                    inFlight.swept(requestId, now);
                    publisher.publish(outbox, requestId, payload); // confirmed or not, the outbox tells the next sweep
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
