package com.seckill.seckill.activity;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.audit.AuditLog;
import com.seckill.seckill.orders.OrderRecords;
import com.seckill.seckill.orders.OrderServiceUnavailable;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Service;

/** Operator use cases: define an activity, warm it up, inspect its figures. */
@Service
public class ActivityService {

    private static final Logger log = LoggerFactory.getLogger(ActivityService.class);

    private final ActivityMapper mapper;
    private final ActivityCatalog catalog;
    private final ActivityWarmer warmer;
    private final StringRedisTemplate redis;
    private final SaleFigures figures;
    private final OrderRecords orderRecords;
    private final SeckillProperties properties;
    private final AuditLog audit;
    private final ActivityStore store;
    private final Clock clock;

    ActivityService(ActivityMapper mapper, ActivityCatalog catalog, ActivityWarmer warmer, StringRedisTemplate redis,
                    SaleFigures figures, OrderRecords orderRecords, SeckillProperties properties, AuditLog audit,
                    ActivityStore store, Clock clock) {
        this.mapper = mapper;
        this.catalog = catalog;
        this.warmer = warmer;
        this.redis = redis;
        this.figures = figures;
        this.orderRecords = orderRecords;
        this.properties = properties;
        this.audit = audit;
        this.store = store;
        this.clock = clock;
    }

    ActivityView create(CreateActivityRequest request, long adminId) {
        WaitingRoomSettings room = request.hasWaitingRoom() ? request.waitingRoom().settings(QueueSeeds.next()) : null;
        // committed before the catalog shows it: a catalog refresh meanwhile must find the row
        Activity activity = store.insert(new NewActivity(request), room, adminId);
        catalog.add(activity, room);
        try {
            warmer.warmNew(activity);
        } catch (RuntimeException e) {
            // The activity exists in MySQL; the scheduled warm-up loads it once Redis answers.
            log.warn("Activity {} created but not warmed yet: {}", activity.id(), e.toString());
        }
        return catalog.view(activity.id()).orElseThrow();
    }

    void warmUp(long id, long adminId) {
        warmer.warm(require(id));
        audit.record(adminId, AuditLog.WARM_UP, id, null, null);
    }

    /** Redis and MySQL figures of an activity, and whether they agree. */
    public ActivityStats stats(long id) {
        Activity activity = require(id);
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

    /** The activity as MySQL has it; 404 NOT_FOUND when there is none. */
    public Activity require(long id) {
        Activity activity = mapper.findById(id);
        if (activity == null) {
            throw new Refusals.UnknownActivity(id);
        }
        return activity;
    }

    List<ActivityView> list() {
        return catalog.views();
    }

    ActivityView get(long id) {
        return catalog.view(id).orElseThrow(() -> new Refusals.UnknownActivity(id));
    }
}
