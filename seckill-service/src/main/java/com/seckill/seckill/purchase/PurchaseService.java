package com.seckill.seckill.purchase;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.error.SeckillException;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.PurchaseOutcome;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityWarmer;
import com.seckill.seckill.infra.RedisGuard;
import com.seckill.seckill.outbox.OutboxPublisher;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Service;

/**
 * The purchase: no MySQL and no lock. Two Redis round trips when a unit is won (the script, which
 * also consumes the one-time path, then the QUEUED result); one when it is not. A won unit is answered 202 once the broker has
 * confirmed its order message (DESIGN.md §10: a 202 survives the loss of Redis), or, should the
 * broker not confirm within {@code publish-timeout}, once it is in the Redis outbox, which the
 * relay keeps publishing until the broker takes it.
 */
@Service
class PurchaseService {

    private static final Logger log = LoggerFactory.getLogger(PurchaseService.class);

    static final RedisScript<Long> PURCHASE =
            RedisScript.of(LuaScripts.text("lua/purchase.lua"), Long.class);

    private final SaleGuard guard;
    private final RedisGuard redisGuard;
    private final StringRedisTemplate redis;
    private final ResultStore results;
    private final OutboxPublisher relay;
    private final ActivityWarmer warmer;
    private final SeckillProperties properties;
    private final PurchaseMetrics metrics;
    private final ObjectMapper json;
    private final PurchasePaths paths;
    private final PurchaseLoad load;
    private final Clock clock;

    PurchaseService(SaleGuard guard, RedisGuard redisGuard, StringRedisTemplate redis, ResultStore results,
                    OutboxPublisher relay, ActivityWarmer warmer, SeckillProperties properties, PurchaseMetrics metrics,
                    ObjectMapper json, PurchasePaths paths, PurchaseLoad load, Clock clock) {
        this.guard = guard;
        this.redisGuard = redisGuard;
        this.redis = redis;
        this.results = results;
        this.relay = relay;
        this.warmer = warmer;
        this.properties = properties;
        this.metrics = metrics;
        this.json = json;
        this.paths = paths;
        this.load = load;
        this.clock = clock;
    }

    String purchase(long activityId, long userId, String path) {
        load.started();
        try {
            String requestId = attempt(activityId, userId, path);
            metrics.accepted(activityId);
            return requestId;
        } catch (SeckillException e) {
            metrics.refused(activityId, e.code());
            throw e;
        } finally {
            load.finished();
        }
    }

    private String attempt(long activityId, long userId, String path) {
        Activity activity = guard.open(activityId);
        // A path never issued costs no Redis call, and a purchase whose script answer is lost (accepted
        // through the broker) was at least made on a path issued to this user for this activity.
        if (!paths.verify(path, activityId, userId, clock.instant())) {
            throw new Refusals.PathRejected();
        }
        String requestId = UUID.randomUUID().toString();
        OrderMessage message = new OrderMessage(requestId, userId, activity.id(), activity.goodsId(),
                activity.goodsName(), activity.price(), clock.millis());
        String payload = serialize(message);
        Long answer;
        try {
            answer = redisGuard.attempt(() -> redis.execute(PURCHASE,
                    List.of(SeckillKeys.stock(activityId), SeckillKeys.users(activityId), SeckillKeys.outbox(activityId),
                            SeckillKeys.queued(activityId), SeckillKeys.info(activityId), SeckillKeys.path(activityId, userId)),
                    String.valueOf(userId), requestId, payload, String.valueOf(message.acceptedAt()), path));
        } catch (RedisGuard.OutcomeUnknown e) {
            return acceptIfPublished(activityId, requestId, payload);
        }
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
                awaitPublish(relay.publish(activityId, requestId, payload), requestId);
                return requestId;
            }
            case SOLD_OUT -> {
                guard.markSoldOut(activityId);
                throw SaleGuard.soldOut();
            }
            case DUPLICATE -> throw new Refusals.AlreadyBought();
            case BAD_PATH -> throw new Refusals.PathRejected();
            case NOT_WARMED -> {
                warmer.requestWarm(activity);
                throw new Refusals.SalePreparing();
            }
            default -> throw new IllegalStateException("Unhandled outcome " + answer);
        }
    }

    /**
     * The script was sent and its answer lost (Redis died or stalled): it may have taken a unit, whose
     * shopper must then not hear "no". The order message goes to the broker as for any accepted
     * purchase; once the broker holds it, the request is accepted and order-service settles it
     * (MySQL's guards keep the sale exact, and figures Redis lost are rebuilt only after it is written).
     * Without the broker's word either, nothing is promised: 503.
     */
    private String acceptIfPublished(long activityId, String requestId, String payload) {
        try {
            if (relay.publish(activityId, requestId, payload).get(properties.publishTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                log.debug("Purchase {} sent to a Redis that did not answer: accepted through the broker", requestId);
                return requestId;
            }
        } catch (TimeoutException | ExecutionException e) {
            // not in the broker: no promise
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new Refusals.SaleBusy();
    }

    /** Waits for the broker's word; either way the purchase stands (the outbox holds what the broker has not). */
    private void awaitPublish(CompletableFuture<Boolean> published, String requestId) {
        try {
            if (!published.get(properties.publishTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                log.debug("Order message {} not confirmed by the broker: kept in the outbox", requestId);
            }
        } catch (TimeoutException | ExecutionException e) {
            log.debug("Order message {} not confirmed in time: kept in the outbox", requestId);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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
