package com.seckill.gateway.queue;

import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Every waiting room's figures (contract §11), read from Redis every {@code look-every} (200 ms, as often as the
 * serving position moves): one script call per room whose sale has not ended, whatever the crowd, so that the polls
 * of shoppers still waiting are answered from memory ({@link WaitingAnswers}). Reads run on Redis's own event loop,
 * never on a thread a request or another schedule needs; a read still under way skips the next tick. Figures older
 * than {@code look-max-age} are not handed out: with Redis away the polls go to seckill-service, which knows.
 */
@Component
class RoomLooks {

    private static final Logger log = LoggerFactory.getLogger(RoomLooks.class);
    private static final RedisScript<String> LOOK = RedisScript.of(LuaScripts.text("lua/queue-look.lua"), String.class);

    private final WaitingRooms rooms;
    private final ReactiveStringRedisTemplate redis;
    private final Clock clock;
    private final WaitingRoomProperties properties;
    private final Map<Long, RoomFigures> figures = new ConcurrentHashMap<>();
    private final AtomicBoolean looking = new AtomicBoolean();
    private Disposable schedule;

    RoomLooks(WaitingRooms rooms, ReactiveStringRedisTemplate redis, Clock clock, WaitingRoomProperties properties) {
        this.rooms = rooms;
        this.redis = redis;
        this.clock = clock;
        this.properties = properties;
    }

    @PostConstruct
    void start() {
        schedule = Flux.interval(properties.lookEvery()).subscribe(tick -> {
            if (looking.compareAndSet(false, true)) {
                look().doFinally(signal -> looking.set(false)).subscribe();
            }
        });
    }

    @PreDestroy
    void stop() {
        schedule.dispose();
    }

    /** The room's figures if read within {@code look-max-age}. */
    Optional<RoomFigures> fresh(long activityId) {
        RoomFigures read = figures.get(activityId);
        return read != null && clock.millis() - read.readAt() <= properties.lookMaxAge().toMillis() ? Optional.of(read) : Optional.empty();
    }

    /** One read of every room whose sale has not ended; completes when all have answered or failed. */
    Mono<Void> look() {
        long now = clock.millis();
        Map<Long, WaitingRooms.Sale> live = rooms.all();
        figures.keySet().retainAll(live.keySet());
        Duration giveUp = properties.lookMaxAge();
        return Flux.fromIterable(live.entrySet())
                .filter(room -> room.getValue().known() && room.getValue().end().toEpochMilli() > now)
                .flatMap(room -> read(room.getKey()).timeout(giveUp).onErrorResume(failure -> {
                    log.debug("Waiting room {} not read: {}", room.getKey(), failure.toString());
                    return Mono.empty();
                }))
                .then();
    }

    private Mono<Void> read(long activityId) {
        return redis.execute(LOOK, List.of(SeckillKeys.queue(activityId), SeckillKeys.stock(activityId)), List.of())
                .next()
                .defaultIfEmpty("")
                .doOnNext(answer -> {
                    RoomFigures read = RoomFigures.parse(answer, clock.millis());
                    if (read == null) {
                        figures.remove(activityId);
                    } else {
                        figures.put(activityId, read);
                    }
                })
                .then();
    }
}
