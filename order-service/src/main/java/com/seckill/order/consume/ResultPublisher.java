package com.seckill.order.consume;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.redis.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.order.OrderProperties;
import com.seckill.order.close.CloseScheduler;
import com.seckill.order.lifecycle.RedisStock;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * What follows a handled order message: the close timer of a new order, the polled result, and
 * the unit back in Redis when MySQL refused the order.
 */
@Component
class ResultPublisher {

    private final StringRedisTemplate redis;
    private final RedisStock redisStock;
    private final CloseScheduler closes;
    private final ObjectMapper json;
    private final OrderProperties properties;

    ResultPublisher(StringRedisTemplate redis, RedisStock redisStock, CloseScheduler closes, ObjectMapper json,
                    OrderProperties properties) {
        this.redis = redis;
        this.redisStock = redisStock;
        this.closes = closes;
        this.json = json;
        this.properties = properties;
    }

    void publish(OrderMessage message, Outcome outcome) {
        switch (outcome.kind()) {
            case SUCCESS -> {
                // Scheduled again on a redelivery: a second close message finds the order ended and does nothing.
                closes.schedule(outcome.orderId());
                write(RequestResult.success(message.requestId(), message.userId(), outcome.orderId()));
            }
            case SOLD_OUT -> {
                // Safe on redelivery: the script returns the unit only while the user still holds it.
                redisStock.giveBack(message.activityId(), message.userId());
                write(RequestResult.fail(message.requestId(), message.userId(), "SOLD_OUT"));
            }
            case DUPLICATE -> {
                // The user holds an earlier order: they keep their place in the set, only the unit returns.
                if (outcome.firstTime()) {
                    redisStock.returnUnit(message.activityId());
                }
                write(RequestResult.fail(message.requestId(), message.userId(), "DUPLICATE"));
            }
            default -> throw new IllegalStateException("Unhandled outcome " + outcome);
        }
        settled(message);
    }

    /**
     * A message given up on (dead-lettered) still ends its request: FAIL, and the unit back, so no
     * shopper polls QUEUED forever.
     */
    void deadLettered(OrderMessage message) {
        redisStock.giveBack(message.activityId(), message.userId());
        write(RequestResult.fail(message.requestId(), message.userId(), "REJECTED"));
        settled(message);
    }

    private void settled(OrderMessage message) {
        redis.opsForZSet().remove(SeckillKeys.queued(message.activityId()), message.requestId());
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
