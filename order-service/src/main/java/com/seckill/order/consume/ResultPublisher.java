package com.seckill.order.consume;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.redis.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.order.OrderProperties;
import java.util.List;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/** Tells Redis what became of a request: its polled result, and the unit back when MySQL refused it. */
@Component
class ResultPublisher {

    private static final RedisScript<Long> GIVE_BACK =
            RedisScript.of(new ClassPathResource("lua/give-back.lua"), Long.class);

    private final StringRedisTemplate redis;
    private final ObjectMapper json;
    private final OrderProperties properties;

    ResultPublisher(StringRedisTemplate redis, ObjectMapper json, OrderProperties properties) {
        this.redis = redis;
        this.json = json;
        this.properties = properties;
    }

    void publish(OrderMessage message, Outcome outcome) {
        switch (outcome.kind()) {
            case SUCCESS -> write(RequestResult.success(message.requestId(), message.userId(), outcome.orderId()));
            case SOLD_OUT -> {
                // Safe on redelivery: the script returns the unit only while the user still holds it.
                giveBack(message);
                write(RequestResult.fail(message.requestId(), message.userId(), "SOLD_OUT"));
            }
            case DUPLICATE -> {
                // The user holds an earlier order: they keep their place in the set, only the unit returns.
                if (outcome.firstTime()) {
                    redis.opsForValue().increment(SeckillKeys.stock(message.activityId()));
                }
                write(RequestResult.fail(message.requestId(), message.userId(), "DUPLICATE"));
            }
            default -> throw new IllegalStateException("Unhandled outcome " + outcome);
        }
    }

    private void giveBack(OrderMessage message) {
        redis.execute(GIVE_BACK, List.of(SeckillKeys.stock(message.activityId()), SeckillKeys.users(message.activityId())),
                String.valueOf(message.userId()));
    }

    private void write(RequestResult result) {
        try {
            redis.opsForValue().set(SeckillKeys.result(result.requestId()), json.writeValueAsString(result),
                    properties.resultTtl());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Result not serializable", e);
        }
    }
}
