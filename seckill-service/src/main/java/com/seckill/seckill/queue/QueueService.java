package com.seckill.seckill.queue;

import com.seckill.common.queue.QueueAnswer;
import com.seckill.common.queue.WaitingPlaces;
import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.trust.QueueTokens;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.activity.WaitingRoomSettings;
import com.seckill.seckill.infra.RedisGuard;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Service;

/**
 * Joining the waiting room and asking where one stands (contract §11): one Lua call that takes or
 * finds the shopper's join number and reads the queue, then the place worked out here (drawn for who
 * joined before the start, the join order after) against the serving position. The first answer that
 * finds a shopper's place served records the admission's start; the admission is signed and runs
 * {@code admissionSeconds} from then, and once it has run out unused the shopper is EXPIRED and leaves.
 */
@Service
class QueueService {

    static final RedisScript<List> ENTER = RedisScript.of(LuaScripts.text("lua/queue-enter.lua"), List.class);
    private static final String JOIN = "join";
    private static final String POLL = "poll";

    private final ActivityCatalog catalog;
    private final QueueState state;
    private final RedisGuard redisGuard;
    private final StringRedisTemplate redis;
    private final QueueTokens tokens;
    private final QueueMetrics metrics;
    private final Clock clock;

    QueueService(ActivityCatalog catalog, QueueState state, RedisGuard redisGuard, StringRedisTemplate redis,
                 QueueTokens tokens, QueueMetrics metrics, Clock clock) {
        this.catalog = catalog;
        this.state = state;
        this.redisGuard = redisGuard;
        this.redis = redis;
        this.tokens = tokens;
        this.metrics = metrics;
        this.clock = clock;
    }

    QueueAnswer join(long activityId, long userId, String ticket) {
        QueueAnswer answer = enter(activityId, userId, ticket, JOIN);
        if (answer.status().equals(QueueAnswer.EXPIRED)) {
            // its admission ran out unused: this join is a new one, at the back
            answer = enter(activityId, userId, null, JOIN);
        }
        metrics.answered(activityId, answer.status());
        if (answer.status().equals(QueueAnswer.SOLD_OUT)) {
            throw new Refusals.SoldOut();
        }
        return answer;
    }

    /** Where the shopper stands, as a poll asks it (counted in the metrics). */
    QueueAnswer status(long activityId, long userId, String ticket) {
        QueueAnswer answer = look(activityId, userId, ticket);
        metrics.answered(activityId, answer.status());
        return answer;
    }

    /** Where the shopper stands, as a stream checks it every half second (not counted). */
    QueueAnswer look(long activityId, long userId, String ticket) {
        return enter(activityId, userId, ticket, POLL);
    }

    /** Whether the sale has no unit left (its waiting shoppers are told SOLD_OUT); a waiting room's sale keeps one bucket. */
    boolean noUnitLeft(long activityId) {
        String stock = redisGuard.call(() -> redis.opsForValue().get(SeckillKeys.stock(activityId)));
        return stock != null && Long.parseLong(stock) <= 0;
    }

    private QueueAnswer enter(long activityId, long userId, String ticket, String mode) {
        Activity activity = catalog.find(activityId).orElseThrow(() -> new Refusals.UnknownActivity(activityId));
        WaitingRoomSettings room = catalog.room(activityId).orElseThrow(() -> new QueueRefusals.NoWaitingRoom(activityId));
        Instant now = clock.instant();
        if (now.isBefore(room.opensAt(activity))) {
            throw new QueueRefusals.NotOpenYet(room.opensAt(activity));
        }
        if (activity.endedAt(now)) {
            throw new Refusals.SaleEnded();
        }
        OptionalLong signed = ticket == null ? OptionalLong.empty() : tokens.joinNumber(ticket, activityId, userId);
        List<?> answer = script(activity, userId, mode, signed, now);
        if ("NO_QUEUE".equals(text(answer, 0))) {
            state.restore(activityId, room);
            answer = script(activity, userId, mode, signed, now);
        }
        switch (text(answer, 0)) {
            case "DUPLICATE" -> throw new Refusals.AlreadyBought();
            case "NOT_MEMBER" -> throw new QueueRefusals.NotInQueue();
            case "NOT_WARMED", "NO_QUEUE" -> throw new Refusals.SalePreparing();
            default -> {
                return place(activity, room, userId, new QueueFigures(answer), now);
            }
        }
    }

    private QueueAnswer place(Activity activity, WaitingRoomSettings room, long userId, QueueFigures queue, Instant now) {
        String ticket = tokens.ticket(activity.id(), userId, queue.joinNumber());
        if (queue.stock() <= 0) {
            return QueueAnswer.only(QueueAnswer.SOLD_OUT);
        }
        if (queue.drawn() == null) {
            // before the start: everyone who joined so far is drawn at the start; the back of the queue till then
            return WaitingPlaces.beforeStart(queue.joined(), queue.rate(), queue.paused(), activity.startTime(), now, ticket);
        }
        long place = WaitingPlaces.place(room.seed(), queue.drawn(), queue.joinNumber());
        if (place > queue.serving()) {
            return WaitingPlaces.waiting(place, queue.serving(), queue.rate(), queue.stock(), queue.paused(), ticket);
        }
        long admittedAt = queue.admittedAt() != null ? queue.admittedAt() : admit(activity.id(), userId, now);
        Instant expires = Instant.ofEpochMilli(admittedAt).plusSeconds(room.admissionSeconds());
        if (!now.isBefore(expires)) {
            state.leave(activity.id(), userId, queue.joinNumber());
            return QueueAnswer.only(QueueAnswer.EXPIRED);
        }
        return QueueAnswer.admitted(tokens.admission(activity.id(), userId, expires),
                Math.max(1, expires.getEpochSecond() - now.getEpochSecond()), ticket);
    }

    /** The admission starts at the first answer that finds the place served; later ones keep that moment. */
    private long admit(long activityId, long userId, Instant now) {
        String key = SeckillKeys.queueAdmitted(activityId);
        redisGuard.call(() -> redis.opsForHash().putIfAbsent(key, Long.toString(userId), Long.toString(now.toEpochMilli())));
        Object stored = redisGuard.call(() -> redis.opsForHash().get(key, Long.toString(userId)));
        return stored == null ? now.toEpochMilli() : Long.parseLong(stored.toString());
    }

    private List<?> script(Activity activity, long userId, String mode, OptionalLong signed, Instant now) {
        long id = activity.id();
        return redisGuard.call(() -> redis.execute(ENTER,
                List.of(SeckillKeys.queue(id), SeckillKeys.queueMembers(id), SeckillKeys.queueAdmitted(id),
                        SeckillKeys.users(id), SeckillKeys.stock(id), SeckillKeys.queueLeft(id)),
                Long.toString(userId), mode, signed.isPresent() ? Long.toString(signed.getAsLong()) : "",
                Long.toString(now.toEpochMilli()), Long.toString(activity.startTime().toEpochMilli())));
    }

    private static String text(List<?> answer, int index) {
        return answer == null || answer.size() <= index || answer.get(index) == null ? "" : answer.get(index).toString();
    }
}
