package com.seckill.seckill.activity;

import com.seckill.common.redis.StockBucket;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.orders.OrderRecords;
import com.seckill.seckill.orders.OrderServiceUnavailable;
import java.time.Clock;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Service;

/** What an operator reads of an activity: its Redis and MySQL figures side by side, and whether they agree. */
@Service
public class ActivityInspector {

    private final ActivityService activities;
    private final SaleFigures figures;
    private final StringRedisTemplate redis;
    private final OrderRecords orderRecords;
    private final SeckillProperties properties;
    private final Clock clock;
    private final StockTransfers transfers;

    ActivityInspector(ActivityService activities, SaleFigures figures, StringRedisTemplate redis, OrderRecords orderRecords,
                      SeckillProperties properties, Clock clock, StockTransfers transfers) {
        this.transfers = transfers;
        this.activities = activities;
        this.figures = figures;
        this.redis = redis;
        this.orderRecords = orderRecords;
        this.properties = properties;
        this.clock = clock;
    }

    /** Redis and MySQL figures of an activity, and whether they agree; 404 NOT_FOUND when there is none. */
    public ActivityStats stats(long id) {
        Activity activity = activities.require(id);
        Map<String, Long> orders;
        try {
            orders = new TreeMap<>(orderRecords.orderCounts(id));
        } catch (OrderServiceUnavailable e) {
            orders = null; // the Redis side is still worth showing while order-service is away
        }
        boolean sellable = figures.stamp(activity).current();
        transfers.finishPending(activity);
        Integer redisStock = transfers.unitsHeld(activity);
        long pendingOutbox = 0;
        long holders = 0;
        long unsettled = 0;
        long stuck = 0;
        long stuckBefore = clock.millis() - properties.queuedBound().toMillis();
        for (StockBucket bucket : activity.stockBuckets()) {
            pendingOutbox += orZero(redis.opsForHash().size(bucket.outbox()));
            holders += orZero(redis.opsForSet().size(bucket.users()));
            unsettled += orZero(redis.opsForZSet().size(bucket.queued()));
            stuck += orZero(redis.opsForZSet().count(bucket.queued(), 0, stuckBefore));
        }
        return ActivityStats.of(activity, sellable, redisStock, orders, pendingOutbox, holders, unsettled, stuck);
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }
}
