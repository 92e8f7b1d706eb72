package com.seckill.seckill.purchase;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.error.SeckillException;
import com.seckill.common.ledger.RequestOutcome;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.ActivityWarmer;
import com.seckill.seckill.infra.RedisGuard;
import com.seckill.seckill.orders.OrderRecords;
import com.seckill.seckill.orders.OrderServiceUnavailable;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.springframework.data.redis.connection.RedisStringCommands.SetOption;
import org.springframework.data.redis.connection.StringRedisConnection;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.types.Expiration;
import org.springframework.stereotype.Component;

/**
 * {@code seckill:result:{requestId}}, written only here: QUEUED on acceptance (by the purchase script), SUCCESS or FAIL as order-service
 * settled the request. Redis may lose it; the outcome of a settled request is then read back from MySQL
 * through order-service.
 */
@Component
public class ResultStore {

    private final StringRedisTemplate redis;
    private final RedisGuard redisGuard;
    private final ObjectMapper json;
    private final SeckillProperties properties;
    private final OrderRecords orders;
    private final ActivityWarmer warmer;

    ResultStore(StringRedisTemplate redis, RedisGuard redisGuard, ObjectMapper json, SeckillProperties properties,
                OrderRecords orders, ActivityWarmer warmer) {
        this.redis = redis;
        this.redisGuard = redisGuard;
        this.json = json;
        this.properties = properties;
        this.orders = orders;
        this.warmer = warmer;
    }

    /**
     * The result of one of this user's requests: from Redis, else as MySQL settled it (written back
     * to Redis). While figures lost with Redis are being rebuilt, a request known to neither may still
     * be on its way: BUSY, poll again, rather than "no such request".
     */
    Optional<RequestResult> findOwned(String requestId, long userId) {
        Optional<RequestResult> result = find(requestId).or(() -> settledInMysql(requestId));
        if (result.isEmpty() && warmer.recovering()) {
            throw new Refusals.ResultsUnavailable("Results are being recovered, poll again shortly");
        }
        return result.filter(found -> found.userId() == userId);
    }

    private Optional<RequestResult> settledInMysql(String requestId) {
        Optional<RequestOutcome> outcome;
        try {
            outcome = orders.request(requestId);
        } catch (OrderServiceUnavailable e) {
            throw new Refusals.ResultsUnavailable("Results cannot be read right now, poll again shortly");
        }
        return outcome.map(settled -> {
            RequestResult result = settled.success()
                    ? RequestResult.success(requestId, settled.userId(), settled.orderId())
                    : RequestResult.fail(requestId, settled.userId(), settled.reason());
            try {
                settle(result);
            } catch (SeckillException e) {
                // answered all the same; the next poll reads MySQL again
            }
            return result;
        });
    }

    /** What the purchase script writes, in the call that takes the unit (only if absent, for a call sent again). */
    String queuedValue(String requestId, long userId) {
        return serialized(RequestResult.queued(requestId, userId));
    }

    /** A result as it is stored. */
    public String serialized(RequestResult result) {
        return write(result);
    }

    /** How long a result is kept. */
    public Duration ttl() {
        return properties.resultTtl();
    }

    public Optional<RequestResult> find(String requestId) {
        String value = redisGuard.call(() -> redis.opsForValue().get(SeckillKeys.result(requestId)));
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(json.readValue(value, RequestResult.class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Unreadable result for " + requestId, e);
        }
    }

    /** The outcome, whatever was there. */
    public void settle(RequestResult result) {
        String value = write(result);
        redisGuard.run(() -> redis.opsForValue().set(SeckillKeys.result(result.requestId()), value, properties.resultTtl()));
    }

    /** Outcomes of several requests, whatever was there, in one round trip. */
    public void settleAll(List<RequestResult> settled) {
        if (settled.isEmpty()) {
            return;
        }
        List<String> values = settled.stream().map(this::write).toList();
        Expiration ttl = Expiration.from(properties.resultTtl());
        redis.executePipelined((RedisCallback<Object>) connection -> {
            StringRedisConnection commands = (StringRedisConnection) connection;
            for (int i = 0; i < settled.size(); i++) {
                commands.set(SeckillKeys.result(settled.get(i).requestId()), values.get(i), ttl, SetOption.upsert());
            }
            return null;
        });
    }

    private String write(RequestResult result) {
        try {
            return json.writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Result not serializable", e);
        }
    }
}
