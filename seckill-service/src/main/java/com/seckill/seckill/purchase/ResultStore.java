package com.seckill.seckill.purchase;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.redis.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.infra.RedisGuard;
import java.util.Optional;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/** {@code seckill:result:{requestId}}: written QUEUED here, SUCCESS or FAIL by order-service. */
@Component
public class ResultStore {

    private final StringRedisTemplate redis;
    private final RedisGuard redisGuard;
    private final ObjectMapper json;
    private final SeckillProperties properties;

    ResultStore(StringRedisTemplate redis, RedisGuard redisGuard, ObjectMapper json, SeckillProperties properties) {
        this.redis = redis;
        this.redisGuard = redisGuard;
        this.json = json;
        this.properties = properties;
    }

    /** Only if absent: order-service may already have written the outcome. */
    void queued(String requestId, long userId) {
        String value = write(RequestResult.queued(requestId, userId));
        redisGuard.run(() -> redis.opsForValue().setIfAbsent(SeckillKeys.result(requestId), value, properties.resultTtl()));
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

    private String write(RequestResult result) {
        try {
            return json.writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Result not serializable", e);
        }
    }
}
