package com.seckill.seckill.outbox;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Publishes again what stayed in an outbox longer than its retry delay ({@link OutboxResender}). With
 * several instances, one at a time sweeps an activity's outbox (Redisson lock), and an entry that keeps
 * failing is retried with a growing delay, so a broker outage causes no publish storm. The outbox
 * depth is the gauge {@code seckill.outbox.pending}.
 */
@Component
class OutboxSweeper {

    private static final Logger log = LoggerFactory.getLogger(OutboxSweeper.class);

    private final OutboxResender resender;
    private final StringRedisTemplate redis;
    private final RedissonClient redisson;
    private final ActivityCatalog catalog;
    private final Clock clock;
    private final AtomicLong pending = new AtomicLong();
    private final AtomicLong lastSweep = new AtomicLong();

    OutboxSweeper(OutboxResender resender, StringRedisTemplate redis, RedissonClient redisson, ActivityCatalog catalog,
                  Clock clock, MeterRegistry meters) {
        this.resender = resender;
        this.redis = redis;
        this.redisson = redisson;
        this.catalog = catalog;
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
                RLock lock = redisson.getLock(SeckillKeys.relayLock(activity.id()));
                for (StockBucket bucket : activity.stockBuckets()) {
                    depth += redis.opsForHash().size(bucket.outbox());
                }
                if (lock.tryLock()) {
                    try {
                        activity.stockBuckets().forEach(bucket -> resender.resendDue(bucket.outbox(), now));
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
}
