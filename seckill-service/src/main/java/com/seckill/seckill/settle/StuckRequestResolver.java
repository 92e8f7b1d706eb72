package com.seckill.seckill.settle;

import com.seckill.common.ledger.RequestOutcome;
import com.seckill.common.redis.LuaScripts;
import com.seckill.seckill.purchase.RequestResult;
import com.seckill.common.redis.StockBucket;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.orders.OrderPipeline;
import com.seckill.seckill.orders.OrderRecords;
import com.seckill.seckill.purchase.ResultStore;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * No request stays QUEUED forever. A request still unsettled after {@code queuedBound} is
 * counted (gauge {@code seckill.requests.stuck}, {@link StuckRequestSchedule}) and looked up in MySQL (through order-service):
 * an order or a recorded refusal settles it. One found nowhere after {@code queuedGiveUp} is failed
 * and its unit returned, but only if its message is nowhere either: not in the outbox, and the
 * order pipeline drained (queue empty, every consumer idle). A request merely waiting in a backlog,
 * however long, is never failed.
 */
@Component
public class StuckRequestResolver {

    private static final Logger log = LoggerFactory.getLogger(StuckRequestResolver.class);
    private static final RedisScript<Long> SETTLE_LOST =
            RedisScript.of(LuaScripts.text("lua/settle-lost.lua"), Long.class);
    private static final int BATCH = 500;

    private final StringRedisTemplate redis;
    private final OrderRecords orders;
    private final OrderPipeline pipeline;
    private final SeckillProperties properties;
    private final ResultStore results;
    private final Clock clock;
    private final MeterRegistry meters;

    StuckRequestResolver(StringRedisTemplate redis, OrderRecords orders, OrderPipeline pipeline, SeckillProperties properties,
                         ResultStore results, Clock clock, MeterRegistry meters) {
        this.redis = redis;
        this.orders = orders;
        this.pipeline = pipeline;
        this.properties = properties;
        this.results = results;
        this.clock = clock;
        this.meters = meters;
        meters.counter("seckill.requests.resolved", "how", "settled");
        meters.counter("seckill.requests.resolved", "how", "lost");
    }

    private void resolved(String how) {
        meters.counter("seckill.requests.resolved", "how", how).increment();
    }

    /** Settles what can be settled; returns how many requests are still stuck. */
    public long resolve(Activity activity) {
        long now = clock.millis();
        long stillStuck = 0;
        Drained drained = new Drained();
        for (StockBucket bucket : activity.stockBuckets()) {
            Set<String> old = redis.opsForZSet().rangeByScore(bucket.queued(), 0,
                    now - properties.queuedBound().toMillis(), 0, BATCH);
            for (String requestId : old == null ? Set.<String>of() : old) {
                if (!settle(bucket, requestId, now, drained)) {
                    stillStuck++;
                }
            }
        }
        return stillStuck;
    }

    /** Whether the order pipeline is drained, asked once per round and only if a request needs it. */
    private final class Drained {

        private Boolean answer;

        boolean now() {
            if (answer == null) {
                answer = pipeline.drained();
            }
            return answer;
        }
    }

    private boolean settle(StockBucket bucket, String requestId, long now, Drained drained) {
        RequestResult result = result(requestId);
        Optional<RequestOutcome> recorded = orders.request(requestId);
        if (recorded.isPresent()) {
            // order-service settled it; its result did not reach Redis, or was lost with it
            if (result == null || result.status() == RequestResult.Status.QUEUED) {
                RequestOutcome outcome = recorded.get();
                write(outcome.success() ? RequestResult.success(requestId, outcome.userId(), outcome.orderId())
                        : RequestResult.fail(requestId, outcome.userId(), outcome.reason()));
            }
            redis.opsForZSet().remove(bucket.queued(), requestId);
            resolved("settled");
            return true;
        }
        Double acceptedAt = redis.opsForZSet().score(bucket.queued(), requestId);
        if (result == null || acceptedAt == null || acceptedAt + properties.queuedGiveUp().toMillis() > now
                || Boolean.TRUE.equals(redis.opsForHash().hasKey(bucket.outbox(), requestId))
                || !drained.now()) {
            return false;
        }
        Long settled = redis.execute(SETTLE_LOST, List.of(bucket.stock(), bucket.users(), bucket.outbox(), bucket.queued(),
                        bucket.returned()),
                String.valueOf(result.userId()), requestId);
        if (settled != null && settled == 1) {
            write(RequestResult.fail(requestId, result.userId(), "LOST"));
            resolved("lost");
            log.warn("Request {} of activity {} found nowhere after {}: failed, unit returned", requestId, bucket.activityId(),
                    properties.queuedGiveUp());
            return true;
        }
        return false;
    }

    private RequestResult result(String requestId) {
        return results.find(requestId).orElse(null);
    }

    private void write(RequestResult result) {
        results.settle(result);
    }
}
