package com.seckill.seckill.queue;

import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.activity.WaitingRoomSettings;
import com.seckill.seckill.infra.RedisGuard;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * A waiting room's state in Redis ({@code seckill:{aid}:queue:*}) and what MySQL keeps of it: restored
 * from MySQL when Redis has none (a new room, or a Redis that restarted), kept in MySQL every second.
 */
@Component
class QueueState {

    private static final RedisScript<Long> RESTORE = RedisScript.of(LuaScripts.text("lua/queue-restore.lua"), Long.class);

    private final WaitingRoomMapper rooms;
    private final RedisGuard redisGuard;
    private final StringRedisTemplate redis;
    private final Clock clock;

    QueueState(WaitingRoomMapper rooms, RedisGuard redisGuard, StringRedisTemplate redis, Clock clock) {
        this.rooms = rooms;
        this.redisGuard = redisGuard;
        this.redis = redis;
        this.clock = clock;
    }

    /** Puts the room back into Redis from MySQL, unless it is there (another instance may just have). */
    void restore(long activityId, WaitingRoomSettings settings) {
        KeptQueue kept = rooms.find(activityId);
        int rate = kept == null ? settings.admissionPerSecond() : kept.admissionPerSecond();
        redisGuard.call(() -> redis.execute(RESTORE, List.of(SeckillKeys.queue(activityId)), Integer.toString(rate),
                kept != null && kept.paused() ? "1" : "0", settings.seed(), Long.toString(kept == null ? 0 : kept.joined()),
                kept == null || kept.drawn() == null ? "" : Long.toString(kept.drawn()), Long.toString(kept == null ? 0 : kept.serving()),
                Long.toString(clock.millis())));
    }

    /** Keeps in MySQL where the room stands in Redis (never backwards). */
    void keep(long activityId) {
        Map<Object, Object> now = redisGuard.call(() -> redis.opsForHash().entries(SeckillKeys.queue(activityId)));
        if (now == null || !now.containsKey("rate")) {
            return;
        }
        Object drawn = now.get("drawn");
        rooms.keep(activityId, number(now.get("joined")), number(now.get("serving")), drawn == null ? null : number(drawn));
    }

    /**
     * The shopper leaves the queue (an admission run out): joining again is at the back, and the ticket
     * of the place left gives it back no more.
     */
    void leave(long activityId, long userId, long joinNumber) {
        redisGuard.run(() -> {
            redis.opsForHash().put(SeckillKeys.queueLeft(activityId), Long.toString(userId), Long.toString(joinNumber));
            redis.opsForHash().delete(SeckillKeys.queueMembers(activityId), Long.toString(userId));
            redis.opsForHash().delete(SeckillKeys.queueAdmitted(activityId), Long.toString(userId));
        });
    }

    private static long number(Object value) {
        return value == null ? 0 : Long.parseLong(value.toString());
    }
}
