package com.seckill.seckill.activity;

import com.seckill.common.redis.SeckillKeys;
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

    ActivityInspector(ActivityService activities, SaleFigures figures, StringRedisTemplate redis, OrderRecords orderRecords,
                      SeckillProperties properties, Clock clock) {
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
        boolean sellable = figures.stamp(id).current();
        String redisStock = redis.opsForValue().get(SeckillKeys.stock(id));
        Long pendingOutbox = redis.opsForHash().size(SeckillKeys.outbox(id));
        Long holders = redis.opsForSet().size(SeckillKeys.users(id));
        Long unsettled = redis.opsForZSet().size(SeckillKeys.queued(id));
        Long stuck = redis.opsForZSet().count(SeckillKeys.queued(id), 0,
                clock.millis() - properties.queuedBound().toMillis());
        return ActivityStats.of(activity, sellable, redisStock == null ? null : Integer.valueOf(redisStock), orders,
                pendingOutbox == null ? 0 : pendingOutbox, holders == null ? 0 : holders,
                unsettled == null ? 0 : unsettled, stuck == null ? 0 : stuck);
    }
}
