package com.seckill.order.consume;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.redis.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.order.OrderProperties;
import com.seckill.order.close.CloseScheduler;
import com.seckill.order.lifecycle.RedisStock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.data.redis.connection.RedisStringCommands.SetOption;
import org.springframework.data.redis.connection.StringRedisConnection;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.types.Expiration;
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
    private final ConsumerMetrics metrics;

    ResultPublisher(StringRedisTemplate redis, RedisStock redisStock, CloseScheduler closes, ObjectMapper json,
                    OrderProperties properties, ConsumerMetrics metrics) {
        this.metrics = metrics;
        this.redis = redis;
        this.redisStock = redisStock;
        this.closes = closes;
        this.json = json;
        this.properties = properties;
    }

    /**
     * What follows a batch of new orders, in two writes whatever its size: one close-timer message
     * for them all, and one Redis pipeline with every result and the removals from the queued sets.
     */
    void publishCreated(List<OrderMessage> messages, List<Long> orderIds) {
        metrics.created(messages);
        announce(messages, orderIds);
    }

    /** The close timer and the SUCCESS results of orders, new or met again. */
    private void announce(List<OrderMessage> messages, List<Long> orderIds) {
        closes.schedule(orderIds);
        List<String> results = new ArrayList<>(messages.size());
        Map<Long, List<String>> settledByActivity = new LinkedHashMap<>();
        for (int i = 0; i < messages.size(); i++) {
            OrderMessage message = messages.get(i);
            results.add(toJson(RequestResult.success(message.requestId(), message.userId(), orderIds.get(i))));
            settledByActivity.computeIfAbsent(message.activityId(), id -> new ArrayList<>()).add(message.requestId());
        }
        Expiration ttl = Expiration.from(properties.resultTtl());
        redis.executePipelined((RedisCallback<Object>) connection -> {
            StringRedisConnection commands = (StringRedisConnection) connection;
            for (int i = 0; i < messages.size(); i++) {
                commands.set(SeckillKeys.result(messages.get(i).requestId()), results.get(i), ttl, SetOption.upsert());
            }
            settledByActivity.forEach((activityId, requestIds) ->
                    commands.zRem(SeckillKeys.queued(activityId), requestIds.toArray(String[]::new)));
            return null;
        });
    }

    void publish(OrderMessage message, Outcome outcome) {
        switch (outcome.kind()) {
            case SUCCESS -> {
                if (outcome.firstTime()) {
                    publishCreated(List.of(message), List.of(outcome.orderId()));
                } else {
                    // an order met again is not created again: consumed, not counted as created, nor its lag timed
                    metrics.consumed("success");
                    // scheduled again: a second close message finds the order ended and does nothing
                    announce(List.of(message), List.of(outcome.orderId()));
                }
                return;
            }
            case SOLD_OUT -> {
                metrics.consumed("sold_out");
                // Safe on redelivery: the script returns the unit only while the user still holds it.
                redisStock.giveBack(message.activityId(), message.userId());
                write(RequestResult.fail(message.requestId(), message.userId(), "SOLD_OUT"));
            }
            case DUPLICATE -> {
                metrics.consumed("duplicate");
                // The user holds an earlier order: they keep their place in the set, only the unit returns.
                if (outcome.firstTime()) {
                    redisStock.returnUnit(message.activityId());
                }
                write(RequestResult.fail(message.requestId(), message.userId(), "DUPLICATE"));
            }
            case GIVEN_UP -> {
                // given up before, in another pass over a message of several: its FAIL stands, nothing more to undo
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
        metrics.consumed("rejected");
        redisStock.giveBack(message.activityId(), message.userId());
        write(RequestResult.fail(message.requestId(), message.userId(), OrderCreator.GIVEN_UP));
        settled(message);
    }

    private void settled(OrderMessage message) {
        redis.opsForZSet().remove(SeckillKeys.queued(message.activityId()), message.requestId());
    }

    private void write(RequestResult result) {
        redis.opsForValue().set(SeckillKeys.result(result.requestId()), toJson(result), properties.resultTtl());
    }

    private String toJson(RequestResult result) {
        try {
            return json.writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Result not serializable", e);
        }
    }
}
