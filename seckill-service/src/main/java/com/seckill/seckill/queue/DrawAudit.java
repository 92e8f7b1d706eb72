package com.seckill.seckill.queue;

import com.seckill.common.queue.QueueDraw;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.activity.WaitingRoomSettings;
import com.seckill.seckill.infra.RedisGuard;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Service;

/**
 * The fair start laid open (contract §11, rule 1: "the order can be audited and replayed"): every
 * shopper who joined before the start, with the join number the queue gave them and the place the
 * seed drew for it, in the order of the places. Read from the queue's members in Redis, those whose
 * admission ran out included (they keep their number in {@code queue:left}); a shopper whose place
 * Redis lost is listed again once their ticket has brought it back, so {@code listed} may be below
 * {@code drawn} after a Redis restart.
 */
@Service
class DrawAudit {

    private static final int SCAN_BATCH = 1_000;

    private final ActivityCatalog catalog;
    private final WaitingRoomMapper rooms;
    private final RedisGuard redisGuard;
    private final StringRedisTemplate redis;

    DrawAudit(ActivityCatalog catalog, WaitingRoomMapper rooms, RedisGuard redisGuard, StringRedisTemplate redis) {
        this.catalog = catalog;
        this.rooms = rooms;
        this.redisGuard = redisGuard;
        this.redis = redis;
    }

    /** The places {@code from} .. {@code from + size - 1} of the draw; none before the start. */
    DrawView places(long activityId, long from, int size) {
        catalog.find(activityId).orElseThrow(() -> new Refusals.UnknownActivity(activityId));
        WaitingRoomSettings room = catalog.room(activityId).orElseThrow(() -> new QueueRefusals.NoWaitingRoom(activityId));
        Long drawn = drawn(activityId);
        if (drawn == null) {
            return new DrawView(room.seed(), null, 0, from, List.of());
        }
        Map<Long, Long> joinNumbers = new HashMap<>();
        read(SeckillKeys.queueLeft(activityId), drawn, joinNumbers);
        read(SeckillKeys.queueMembers(activityId), drawn, joinNumbers); // a place held now wins over one left
        List<DrawView.Place> places = new ArrayList<>(joinNumbers.size());
        joinNumbers.forEach((userId, joinNumber) ->
                places.add(new DrawView.Place(QueueDraw.place(room.seed(), drawn, joinNumber), joinNumber, userId)));
        places.sort(Comparator.comparingLong(DrawView.Place::place));
        List<DrawView.Place> page = places.stream().filter(p -> p.place() >= from).limit(size).toList();
        return new DrawView(room.seed(), drawn, places.size(), from, page);
    }

    /** How many joined before the start, as Redis holds it (or MySQL kept it); null before the draw. */
    private Long drawn(long activityId) {
        Object now = redisGuard.call(() -> redis.opsForHash().get(SeckillKeys.queue(activityId), "drawn"));
        if (now != null && !now.toString().isEmpty()) {
            return Long.parseLong(now.toString());
        }
        KeptQueue kept = rooms.find(activityId);
        return kept == null ? null : kept.drawn();
    }

    /** The join numbers up to {@code drawn} of a hash of user id -> join number. */
    private void read(String key, long drawn, Map<Long, Long> into) {
        redisGuard.run(() -> {
            ScanOptions batches = ScanOptions.scanOptions().count(SCAN_BATCH).build();
            try (Cursor<Map.Entry<Object, Object>> entries = redis.opsForHash().scan(key, batches)) {
                while (entries.hasNext()) {
                    Map.Entry<Object, Object> entry = entries.next();
                    long joinNumber = Long.parseLong(entry.getValue().toString());
                    if (joinNumber <= drawn) {
                        into.put(Long.parseLong(entry.getKey().toString()), joinNumber);
                    }
                }
            }
        });
    }
}
