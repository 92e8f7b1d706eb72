package com.seckill.seckill.activity;

import com.seckill.common.redis.StockBucket;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/** The catalog's reads: of MySQL, the activities not ended before a moment and their waiting rooms; of Redis, their units left. */
@Component
class CatalogLoader {

    /** What one read found, by activity id. */
    record Loaded(Map<Long, Activity> activities, Map<Long, WaitingRoomSettings> rooms) {
    }

    private final ActivityMapper mapper;
    private final StringRedisTemplate redis;

    CatalogLoader(ActivityMapper mapper, StringRedisTemplate redis) {
        this.mapper = mapper;
        this.redis = redis;
    }

    /** @throws RuntimeException when MySQL does not answer (nothing is half read) */
    Loaded load(Instant endedAfter) {
        List<Activity> current = mapper.findCurrent(endedAfter);
        Map<Long, WaitingRoomSettings> rooms = new HashMap<>();
        for (Map<String, Object> row : mapper.findCurrentRooms(endedAfter)) {
            rooms.put(((Number) row.get("activity_id")).longValue(), new WaitingRoomSettings(
                    ((Number) row.get("admission_per_second")).intValue(), ((Number) row.get("opens_before_seconds")).intValue(),
                    ((Number) row.get("admission_seconds")).intValue(), (String) row.get("seed")));
        }
        Map<Long, Activity> activities = new HashMap<>();
        current.forEach(activity -> activities.put(activity.id(), activity));
        return new Loaded(activities, rooms);
    }

    /** Units left per activity, in the order given (null where Redis has no figures), in one MGET. */
    List<String> unitsLeft(List<Activity> current) {
        List<String> keys = current.stream().flatMap(a -> a.stockBuckets().stream()).map(StockBucket::stock).toList();
        return UnitsLeft.perActivity(current, redis.opsForValue().multiGet(keys));
    }
}
