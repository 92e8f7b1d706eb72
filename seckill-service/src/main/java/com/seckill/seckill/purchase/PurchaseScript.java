package com.seckill.seckill.purchase;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.error.SeckillException;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.StockTransfers;
import com.seckill.seckill.infra.RedisGuard;
import java.time.Clock;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * A shopper's claim on a unit: the signed path checked first (a path never issued costs no Redis
 * call), then one Lua call that consumes the one-time path, takes the unit, puts the order
 * message in the outbox and writes the QUEUED result, all or nothing. On an activity sold from several buckets the call goes to the
 * shopper's own bucket; should it be dry, units are moved there from another ({@link StockTransfers}) and the
 * call made again, so a shopper hears SOLD_OUT only when every bucket is dry and no unit is between two.
 */
@Component
class PurchaseScript {

    static final RedisScript<Long> PURCHASE = RedisScript.of(LuaScripts.text("lua/purchase.lua"), Long.class);
    /** Calls on a shopper's bucket before a crowd that keeps taking the units moved there is answered BUSY. */
    static final int MOST_ROUNDS = 16;

    private final RedisGuard redisGuard;
    private final StringRedisTemplate redis;
    private final ObjectMapper json;
    private final PurchasePaths paths;
    private final Clock clock;
    private final StockTransfers transfers;
    private final ResultStore results;

    PurchaseScript(RedisGuard redisGuard, StringRedisTemplate redis, ObjectMapper json, PurchasePaths paths, Clock clock,
                   StockTransfers transfers, ResultStore results) {
        this.redisGuard = redisGuard;
        this.transfers = transfers;
        this.results = results;
        this.redis = redis;
        this.json = json;
        this.paths = paths;
        this.clock = clock;
    }

    /**
     * The request, its order message, the bucket whose outbox holds it, and the script's answer: null when the
     * answer was lost (Redis died or stalled).
     */
    record Claim(String requestId, String payload, StockBucket bucket, PurchaseOutcome outcome) {

        boolean answered() {
            return outcome != null;
        }
    }

    Claim claim(Activity activity, long userId, String path) {
        long activityId = activity.id();
        // a purchase whose script answer is lost (accepted through the broker) was at least made on a path
        // issued to this user for this activity
        if (!paths.verify(path, activityId, userId, clock.instant())) {
            throw new Refusals.PathRejected();
        }
        StockBucket home = activity.homeOf(userId);
        String requestId = RequestIds.inSlotOf(home.stock());
        OrderMessage message = new OrderMessage(requestId, userId, activityId, activity.goodsId(),
                activity.goodsName(), activity.price(), clock.millis());
        String payload = serialize(message);
        List<String> keys = List.of(home.stock(), home.users(), home.outbox(), home.queued(), home.info(), home.path(userId),
                SeckillKeys.result(requestId));
        Object[] args = {String.valueOf(userId), requestId, payload, String.valueOf(message.acceptedAt()), path, "0",
                results.queuedValue(requestId, userId), String.valueOf(results.ttl().toMillis())};
        if (activity.buckets() > 1) {
            Object[] keepPathWhenDry = args.clone();
            keepPathWhenDry[5] = "1";
            // units moved here may be taken by the bucket's other shoppers first, or be on their way to another
            // bucket: SOLD_OUT only once every bucket is dry with nothing between two, else ask again
            for (int round = 0; round < MOST_ROUNDS; round++) {
                PurchaseOutcome first = outcome(() -> redis.execute(PURCHASE, keys, keepPathWhenDry));
                if (first != PurchaseOutcome.SOLD_OUT) {
                    return new Claim(requestId, payload, home, first);
                }
                if (transfers.refill(activity, home) == 0) {
                    if (transfers.allDry(activity)) {
                        return new Claim(requestId, payload, home, outcome(() -> redis.execute(PURCHASE, keys, args)));
                    }
                    // Units between two buckets land now (each is received once). Finding none pending does not mean
                    // none can be had: in a crowd another shopper's transfer may have landed between the calls above,
                    // so the shopper asks again (a bounded number of rounds) rather than being told BUSY while units
                    // wait in a bucket.
                    transfers.finishPending(activity);
                }
            }
            throw new Refusals.SaleBusy(); // units are left but others keep taking them first: the path still holds
        }
        return new Claim(requestId, payload, home, outcome(() -> redis.execute(PURCHASE, keys, args)));
    }

    /** The script's answer, asked again once if it was lost; null if it stays unknown. */
    private PurchaseOutcome outcome(Supplier<Long> call) {
        try {
            return PurchaseOutcome.of(redisGuard.attempt(call));
        } catch (RedisGuard.OutcomeUnknown e) {
            return askedAgain(call);
        }
    }

    /**
     * The answer of a script call that was lost (it timed out: this process or Redis stalled), found by making the
     * same call again: the script is idempotent by request id, so a unit taken by the first call is a success now
     * too, and one not taken is taken now or refused as it would have been. A refusal for the path alone says
     * nothing (the first call used the path up, and its request may be settled already), nor does no answer: the
     * outcome stays unknown (null).
     */
    private PurchaseOutcome askedAgain(Supplier<Long> call) {
        try {
            PurchaseOutcome outcome = PurchaseOutcome.of(redisGuard.attempt(call));
            return outcome == PurchaseOutcome.BAD_PATH ? null : outcome;
        } catch (RedisGuard.OutcomeUnknown | SeckillException e) {
            return null;
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
