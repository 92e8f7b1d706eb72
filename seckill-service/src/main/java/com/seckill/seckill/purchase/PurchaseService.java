package com.seckill.seckill.purchase;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.PurchaseOutcome;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityWarmer;
import com.seckill.seckill.infra.RedisGuard;
import com.seckill.seckill.outbox.OutboxRelay;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.task.TaskExecutor;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Service;

/**
 * The purchase: no MySQL and no lock. Two Redis round trips when a unit is won (the script,
 * then the QUEUED result); one when it is not. The broker publish follows from the outbox.
 */
@Service
class PurchaseService {

    private static final Logger log = LoggerFactory.getLogger(PurchaseService.class);

    static final RedisScript<Long> PURCHASE =
            LuaScripts.load("lua/purchase.lua", Long.class);

    private final SaleGuard guard;
    private final RedisGuard redisGuard;
    private final StringRedisTemplate redis;
    private final ResultStore results;
    private final OutboxRelay relay;
    private final ActivityWarmer warmer;
    private final TaskExecutor executor;
    private final ObjectMapper json;
    private final Clock clock;

    PurchaseService(SaleGuard guard, RedisGuard redisGuard, StringRedisTemplate redis, ResultStore results,
                    OutboxRelay relay, ActivityWarmer warmer,
                    @Qualifier("applicationTaskExecutor") TaskExecutor executor, ObjectMapper json, Clock clock) {
        this.guard = guard;
        this.redisGuard = redisGuard;
        this.redis = redis;
        this.results = results;
        this.relay = relay;
        this.warmer = warmer;
        this.executor = executor;
        this.json = json;
        this.clock = clock;
    }

    String purchase(long activityId, long userId) {
        Activity activity = guard.open(activityId);
        String requestId = UUID.randomUUID().toString();
        OrderMessage message = new OrderMessage(requestId, userId, activity.id(), activity.goodsId(),
                activity.goodsName(), activity.price(), clock.millis());
        String payload = serialize(message);
        Long answer = redisGuard.call(() -> redis.execute(PURCHASE,
                List.of(SeckillKeys.stock(activityId), SeckillKeys.users(activityId), SeckillKeys.outbox(activityId),
                        SeckillKeys.queued(activityId)),
                String.valueOf(userId), requestId, payload, String.valueOf(message.acceptedAt())));
        switch (PurchaseOutcome.of(answer)) {
            case SUCCESS -> {
                // From here the purchase stands: its unit is taken and its message is in the outbox,
                // so it is answered 202 even if the QUEUED marker cannot be written (Redis slow, the
                // circuit just opened): a 503 would tell the shopper no while the order is made.
                // Polling answers 404 until the consumer writes the outcome (SET NX never overwrites it).
                try {
                    results.queued(requestId, userId);
                } catch (RuntimeException e) {
                    log.debug("QUEUED marker of accepted request {} not written: {}", requestId, e.toString());
                }
                relay.publish(activityId, requestId, payload);
                return requestId;
            }
            case SOLD_OUT -> {
                guard.markSoldOut(activityId);
                throw SaleGuard.soldOut();
            }
            case DUPLICATE -> throw new SeckillException(ErrorCode.DUPLICATE, "You already hold a unit of this sale");
            case NOT_WARMED -> {
                executor.execute(() -> warmer.warm(activity));
                throw new SeckillException(ErrorCode.BUSY, "The sale is being prepared, try again in a moment");
            }
            default -> throw new IllegalStateException("Unhandled outcome " + answer);
        }
    }

    private String serialize(OrderMessage message) {
        try {
            return json.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Order message not serializable", e);
        }
    }
}
