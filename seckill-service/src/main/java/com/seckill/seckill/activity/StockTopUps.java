package com.seckill.seckill.activity;

import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.SeckillProperties;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Stock added to a live sale ({@code POST /api/admin/activities/{id}/stock}). MySQL first, in one
 * transaction: stock and total raised, the top-up recorded, the audit entry. Then Redis, by a script
 * that adds a top-up only if its id is not yet among the activity's applied top-ups, so a top-up whose
 * Redis step failed or timed out (outcome unknown) is retried by the sweep and still counted once; the
 * warm-up builds figures from MySQL with the ids of the top-ups they include. Under the activity's
 * warm-up lock: a rebuild from MySQL never interleaves with a top-up. Then every instance is told
 * that the sale may sell again (the stock-returned broadcast), and a waiting room admits again as
 * soon as the stock it reads is above zero.
 */
@Component
public class StockTopUps {

    private static final Logger log = LoggerFactory.getLogger(StockTopUps.class);
    private static final RedisScript<Long> ADD = RedisScript.of(LuaScripts.text("lua/top-up.lua"), Long.class);
    private static final long ADDED = 1;
    private static final long ADDED_BEFORE = 2;

    private final ActivityStore store;
    private final StockTopUpMapper topUps;
    private final ActivityCatalog catalog;
    private final StringRedisTemplate redis;
    private final RedissonClient redisson;
    private final StockAnnouncement announcement;
    private final Clock clock;

    StockTopUps(ActivityStore store, StockTopUpMapper topUps, ActivityCatalog catalog, StringRedisTemplate redis,
                RedissonClient redisson, StockAnnouncement announcement, Clock clock) {
        this.store = store;
        this.topUps = topUps;
        this.catalog = catalog;
        this.redis = redis;
        this.redisson = redisson;
        this.announcement = announcement;
        this.clock = clock;
    }

    /** Adds {@code units} to the activity's stock; the activity as it is now. */
    ActivityView add(long activityId, int units, long adminId) {
        ActivityStore.Raised raised = locked(activityId, () -> {
            ActivityStore.Raised done = store.topUp(activityId, units, adminId, clock.instant());
            try {
                apply(done.topUp());
            } catch (RuntimeException e) {
                // recorded in MySQL: the sweep gives it to Redis once Redis answers
                log.warn("Stock top-up {} of activity {} not in Redis yet: {}", done.topUp().id(), activityId, e.toString());
            }
            return done;
        });
        log.info("Activity {}: {} units added by admin {} (total {})", activityId, units, adminId, raised.activity().stockTotal());
        return catalog.replace(raised.activity(), stockLeft(raised.activity()));
    }

    /**
     * Gives Redis the top-ups of live sales it has not been given (a Redis step that failed, or its outcome
     * unknown). Without the warm-up lock, so every instance's sweep costs Redis one script call per top-up
     * and no lock traffic: a top-up read here is committed, so any build of the figures running beside the
     * script read a MySQL row that includes it and put its id in the set, and the script adds it at most once.
     */
    @Scheduled(fixedDelayString = SeckillProperties.WARMUP_INTERVAL, initialDelayString = SeckillProperties.WARMUP_INTERVAL)
    void sweep() {
        List<TopUp> recorded;
        try {
            recorded = topUps.ofLiveActivities(clock.instant());
        } catch (RuntimeException e) {
            log.warn("Stock top-ups not swept: {}", e.toString());
            return;
        }
        for (TopUp topUp : recorded) {
            try {
                apply(topUp);
            } catch (RuntimeException e) {
                log.debug("Stock top-up {} not swept: {}", topUp.id(), e.toString());
            }
        }
    }

    /** The units split over the activity's buckets as a build splits them, each bucket's share added once. */
    private boolean apply(TopUp topUp) {
        long id = topUp.activityId();
        List<StockBucket> buckets = catalog.buckets(id);
        boolean added = false;
        boolean all = true;
        for (StockBucket bucket : buckets) {
            int share = topUp.units() / buckets.size() + (bucket.index() < topUp.units() % buckets.size() ? 1 : 0);
            Long outcome = redis.execute(ADD, List.of(bucket.stock(), bucket.info(), bucket.topUps()),
                    Long.toString(topUp.id()), Integer.toString(share), Integer.toString(topUp.units()));
            added |= outcome != null && outcome == ADDED;
            all &= outcome != null && (outcome == ADDED || outcome == ADDED_BEFORE);
        }
        if (added) {
            log.info("Stock top-up {} of activity {} in Redis: {} units", topUp.id(), id, topUp.units());
            announcement.onSaleAgain(id);
        }
        return all;
    }

    private int stockLeft(Activity activity) {
        try {
            long left = 0;
            for (StockBucket bucket : activity.stockBuckets()) {
                String value = redis.opsForValue().get(bucket.stock());
                if (value == null) {
                    return activity.stock();
                }
                left += Long.parseLong(value);
            }
            return (int) left;
        } catch (RuntimeException e) {
            return activity.stock();
        }
    }

    private interface Step<T> {
        T run();
    }

    /** {@code step} under the activity's warm-up lock (the one every build of its figures takes); 503 BUSY if held too long. */
    private <T> T locked(long activityId, Step<T> step) {
        RLock lock = redisson.getLock(SeckillKeys.warmupLock(activityId));
        boolean held;
        try {
            held = lock.tryLock(5, 30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Refusals.SaleBusy();
        } catch (RuntimeException e) {
            throw new Refusals.SaleBusy();
        }
        if (!held) {
            throw new Refusals.SaleBusy();
        }
        try {
            return step.run();
        } finally {
            if (lock.isHeldByCurrentThread()) {
                lock.unlock();
            }
        }
    }
}
