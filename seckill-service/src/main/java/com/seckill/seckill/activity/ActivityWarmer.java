package com.seckill.seckill.activity;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.settle.OrderLedger;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Loads activities into Redis before they start: on creation when the start is near, on a
 * schedule for everything starting within the warm-up window, and on an operator's request.
 * A Redisson lock per activity keeps several instances from warming the same one at once.
 */
@Component
public class ActivityWarmer {

    private static final Logger log = LoggerFactory.getLogger(ActivityWarmer.class);

    private final StringRedisTemplate redis;
    private final ActivityMapper activities;
    private final OrderLedger ledger;
    private final RedissonClient redisson;
    private final ActivityCatalog catalog;
    private final SeckillProperties properties;
    private final Clock clock;

    ActivityWarmer(StringRedisTemplate redis, ActivityMapper activities, OrderLedger ledger, RedissonClient redisson,
                   ActivityCatalog catalog, SeckillProperties properties, Clock clock) {
        this.redis = redis;
        this.activities = activities;
        this.ledger = ledger;
        this.redisson = redisson;
        this.catalog = catalog;
        this.properties = properties;
        this.clock = clock;
    }

    boolean startsWithinWindow(Activity activity) {
        Instant now = clock.instant();
        return !activity.endedAt(now) && activity.startTime().isBefore(now.plus(properties.warmupWindow()));
    }

    @Scheduled(fixedDelayString = "${seckill.sale.warmup-interval:5s}", initialDelayString = "${seckill.sale.warmup-interval:5s}")
    void warmUpcoming() {
        for (Activity activity : catalog.all()) {
            if (startsWithinWindow(activity)) {
                try {
                    if (!Boolean.TRUE.equals(redis.hasKey(SeckillKeys.stock(activity.id())))) {
                        warm(activity);
                    }
                } catch (RuntimeException e) {
                    log.warn("Warm-up of activity {} failed, will retry: {}", activity.id(), e.toString());
                }
            }
        }
    }

    /**
     * Writes the activity's info hash and, when Redis has no stock for it (never warmed, or Redis
     * lost its data), rebuilds it from MySQL: first the users holding live orders, then the stock
     * key, whose appearance is what lets purchases in again. Existing stock is never overwritten:
     * units already taken in Redis stay taken. If messages were still in flight when Redis lost
     * its data, MySQL's conditional update keeps oversell impossible meanwhile.
     */
    public void warm(Activity activity) {
        RLock lock = redisson.getLock(SeckillKeys.warmupLock(activity.id()));
        boolean locked = false;
        try {
            locked = lock.tryLock(2, 30, TimeUnit.SECONDS);
            if (!locked) {
                log.debug("Activity {} is being warmed by another instance", activity.id());
                return;
            }
            redis.opsForHash().putAll(SeckillKeys.info(activity.id()), Map.of(
                    "goodsName", activity.goodsName(),
                    "price", activity.price().toPlainString(),
                    "startTime", String.valueOf(activity.startTime().toEpochMilli()),
                    "endTime", String.valueOf(activity.endTime().toEpochMilli()),
                    "stockTotal", String.valueOf(activity.stockTotal()),
                    "captchaRequired", String.valueOf(activity.captchaRequired())));
            if (Boolean.TRUE.equals(redis.hasKey(SeckillKeys.stock(activity.id())))) {
                return;
            }
            Activity fresh = activities.findById(activity.id());
            List<Long> holders = ledger.liveOrderUsers(activity.id());
            if (!holders.isEmpty()) {
                redis.opsForSet().add(SeckillKeys.users(activity.id()),
                        holders.stream().map(String::valueOf).toArray(String[]::new));
            }
            Boolean set = redis.opsForValue().setIfAbsent(SeckillKeys.stock(activity.id()), String.valueOf(fresh.stock()));
            if (Boolean.TRUE.equals(set)) {
                log.info("Activity {} warmed up: {} units, {} holders", activity.id(), fresh.stock(), holders.size());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (locked && lock.isHeldByCurrentThread()) {
                lock.unlock();
            }
        }
    }

    /**
     * A new activity id may meet keys left by an earlier database with the same ids (a reset
     * schema, a restored backup): they describe another sale and must not leak into this one.
     */
    void clearStale(long activityId) {
        redis.delete(List.of(SeckillKeys.info(activityId), SeckillKeys.stock(activityId),
                SeckillKeys.users(activityId), SeckillKeys.outbox(activityId), SeckillKeys.queued(activityId)));
    }
}
