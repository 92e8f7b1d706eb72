package com.seckill.seckill.queue;

import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.activity.WaitingRoomSettings;
import com.seckill.seckill.infra.BrokerState;
import com.seckill.seckill.purchase.PurchaseLoad;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Moves every open waiting room's serving position at its rate (contract §11, rule 2): not while it is
 * paused, sold out, while this instance's purchases are over their cap or the broker is away (the script
 * runs in Redis, so a Redis that is down moves nothing either); and keeps where each stands in MySQL
 * every {@code keep-every}. Every instance runs it: the script moves by the time passed, so the rate
 * holds however many run it.
 */
@Component
class QueueTicker {

    private static final Logger log = LoggerFactory.getLogger(QueueTicker.class);
    private static final RedisScript<Long> ADVANCE = RedisScript.of(LuaScripts.text("lua/queue-advance.lua"), Long.class);

    private final ActivityCatalog catalog;
    private final QueueState state;
    private final StringRedisTemplate redis;
    private final PurchaseLoad purchases;
    private final BrokerState broker;
    private final QueueProperties properties;
    private final Clock clock;
    private volatile long keptAt;

    QueueTicker(ActivityCatalog catalog, QueueState state, StringRedisTemplate redis, PurchaseLoad purchases,
                BrokerState broker, QueueProperties properties, Clock clock) {
        this.catalog = catalog;
        this.state = state;
        this.redis = redis;
        this.purchases = purchases;
        this.broker = broker;
        this.properties = properties;
        this.clock = clock;
    }

    @Scheduled(fixedDelayString = QueueProperties.TICK)
    void tick() {
        Instant now = clock.instant();
        boolean keep = now.toEpochMilli() - keptAt >= properties.keepEvery().toMillis();
        boolean blocked = purchases.inFlight() > properties.purchasesInFlight() || !broker.isUp();
        for (Activity activity : catalog.all()) {
            Optional<WaitingRoomSettings> room = catalog.room(activity.id());
            if (room.isEmpty() || now.isBefore(room.get().opensAt(activity)) || activity.endedAt(now)) {
                continue;
            }
            try {
                advance(activity, room.get(), now, blocked);
                if (keep) {
                    state.keep(activity.id());
                }
            } catch (RuntimeException e) {
                log.debug("Waiting room of activity {} not moved: {}", activity.id(), e.toString());
            }
        }
        if (keep) {
            keptAt = now.toEpochMilli();
        }
    }

    private void advance(Activity activity, WaitingRoomSettings room, Instant now, boolean blocked) {
        List<String> keys = List.of(SeckillKeys.queue(activity.id()), SeckillKeys.stock(activity.id()));
        Long serving = redis.execute(ADVANCE, keys, Long.toString(now.toEpochMilli()),
                Long.toString(activity.startTime().toEpochMilli()), blocked ? "1" : "0");
        if (serving != null && serving < 0) {
            state.restore(activity.id(), room);
        }
    }
}
