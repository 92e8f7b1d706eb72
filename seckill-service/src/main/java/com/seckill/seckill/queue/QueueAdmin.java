package com.seckill.seckill.queue;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.activity.WaitingRoomSettings;
import com.seckill.seckill.audit.AuditLog;
import com.seckill.seckill.infra.RedisGuard;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The operators' controls of a waiting room: its rate and a pause, each change audited (before -> after). */
@Service
class QueueAdmin {

    private final ActivityCatalog catalog;
    private final QueueState state;
    private final WaitingRoomMapper rooms;
    private final RedisGuard redisGuard;
    private final StringRedisTemplate redis;
    private final AuditLog audit;

    QueueAdmin(ActivityCatalog catalog, QueueState state, WaitingRoomMapper rooms, RedisGuard redisGuard, StringRedisTemplate redis,
               AuditLog audit) {
        this.catalog = catalog;
        this.state = state;
        this.rooms = rooms;
        this.redisGuard = redisGuard;
        this.redis = redis;
        this.audit = audit;
    }

    /** {@code {waiting, serving, admitted, admissionPerSecond, paused, seed}} */
    QueueView view(long activityId) {
        WaitingRoomSettings room = room(activityId);
        Map<Object, Object> now = figures(activityId, room);
        Long members = redisGuard.call(() -> redis.opsForHash().size(SeckillKeys.queueMembers(activityId)));
        Long admitted = redisGuard.call(() -> redis.opsForHash().size(SeckillKeys.queueAdmitted(activityId)));
        long admittedCount = admitted == null ? 0 : admitted;
        return new QueueView(Math.max(0, (members == null ? 0 : members) - admittedCount), number(now.get("serving")), admittedCount,
                number(now.get("rate")), "1".equals(String.valueOf(now.get("paused"))), room.seed());
    }

    @Transactional
    QueueView change(long activityId, QueueChange change, long adminId) {
        QueueView before = view(activityId);
        String key = SeckillKeys.queue(activityId);
        if (change.admissionPerSecond() != null) {
            rooms.setRate(activityId, change.admissionPerSecond());
            redisGuard.run(() -> redis.opsForHash().put(key, "rate", change.admissionPerSecond().toString()));
            audit.record(adminId, AuditLog.QUEUE_RATE, activityId, Map.of("admissionPerSecond", before.admissionPerSecond()),
                    Map.of("admissionPerSecond", change.admissionPerSecond()));
        }
        if (change.paused() != null) {
            rooms.setPaused(activityId, change.paused());
            redisGuard.run(() -> redis.opsForHash().put(key, "paused", change.paused() ? "1" : "0"));
            audit.record(adminId, AuditLog.QUEUE_PAUSE, activityId, Map.of("paused", before.paused()), Map.of("paused", change.paused()));
        }
        return view(activityId);
    }

    private Map<Object, Object> figures(long activityId, WaitingRoomSettings room) {
        Map<Object, Object> now = redisGuard.call(() -> redis.opsForHash().entries(SeckillKeys.queue(activityId)));
        if (now == null || !now.containsKey("rate")) {
            state.restore(activityId, room);
            now = redisGuard.call(() -> redis.opsForHash().entries(SeckillKeys.queue(activityId)));
        }
        return now == null ? new LinkedHashMap<>() : now;
    }

    private WaitingRoomSettings room(long activityId) {
        catalog.find(activityId).orElseThrow(() -> new Refusals.UnknownActivity(activityId));
        return catalog.room(activityId).orElseThrow(() -> new QueueRefusals.NoWaitingRoom(activityId));
    }

    private static long number(Object value) {
        return value == null ? 0 : Long.parseLong(value.toString());
    }
}
