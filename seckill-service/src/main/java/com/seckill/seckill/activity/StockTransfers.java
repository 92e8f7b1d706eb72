package com.seckill.seckill.activity;

import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.StockBucket;
import com.seckill.seckill.infra.RedisGuard;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * Units moved between the buckets of an activity sold from several (design.md "Stock buckets"): a shopper's
 * own bucket ran dry while another still has units, so half of that one's units move to it. The giving
 * bucket writes the transfer down in the call that takes the units ({@code lua/transfer-give.lua}), the
 * receiving one adds them once ({@code lua/transfer-receive.lua}), and the written-down transfer is struck
 * out last: a transfer cut short by a crash is found and finished by {@link #finishPending}, so no unit is
 * stranded between two buckets for longer than one reconciliation round.
 */
@Component
public class StockTransfers {

    private static final Logger log = LoggerFactory.getLogger(StockTransfers.class);
    private static final RedisScript<Long> GIVE = RedisScript.of(LuaScripts.text("lua/transfer-give.lua"), Long.class);
    private static final RedisScript<Long> RECEIVE = RedisScript.of(LuaScripts.text("lua/transfer-receive.lua"), Long.class);

    private final StringRedisTemplate redis;
    private final RedisGuard redisGuard;

    StockTransfers(StringRedisTemplate redis, RedisGuard redisGuard) {
        this.redis = redis;
        this.redisGuard = redisGuard;
    }

    /**
     * Moves units into a dry bucket from the first of the others (in turn after it) that has some; returns how
     * many moved, 0 when every other bucket is dry too (the sale is sold out, as far as Redis can tell).
     */
    public long refill(Activity activity, StockBucket dry) {
        List<StockBucket> buckets = activity.stockBuckets();
        for (int step = 1; step < buckets.size(); step++) {
            StockBucket giver = buckets.get((dry.index() + step) % buckets.size());
            String transfer = UUID.randomUUID().toString();
            Long given = redisGuard.call(() -> redis.execute(GIVE, List.of(giver.stock(), giver.lent(), giver.info()),
                    transfer, Integer.toString(dry.index())));
            if (given != null && given > 0) {
                redisGuard.run(() -> receive(giver, dry, transfer, given));
                return given;
            }
        }
        return 0;
    }

    /** Finishes the transfers a crash or a lost answer left written down and not received; returns how many. */
    public int finishPending(Activity activity) {
        List<StockBucket> buckets = activity.stockBuckets();
        if (buckets.size() == 1) {
            return 0;
        }
        int finished = 0;
        for (StockBucket giver : buckets) {
            Map<Object, Object> lent = redis.opsForHash().entries(giver.lent());
            for (Map.Entry<Object, Object> transfer : lent.entrySet()) {
                String[] parts = transfer.getValue().toString().split(":");
                StockBucket receiver = buckets.get(Integer.parseInt(parts[0]));
                if (receive(giver, receiver, transfer.getKey().toString(), Long.parseLong(parts[1]))) {
                    finished++;
                }
            }
        }
        if (finished > 0) {
            log.warn("Activity {}: {} stock transfers between buckets finished after they were cut short", activity.id(),
                    finished);
        }
        return finished;
    }

    /**
     * Whether every bucket of the activity is dry and no units are on their way between two: only then is it sold
     * out (a dry bucket may be about to receive what another just gave).
     */
    public boolean allDry(Activity activity) {
        for (StockBucket bucket : activity.stockBuckets()) {
            String units = redisGuard.call(() -> redis.opsForValue().get(bucket.stock()));
            Long inTransit = redisGuard.call(() -> redis.opsForHash().size(bucket.lent()));
            if (units != null && Long.parseLong(units) > 0 || inTransit != null && inTransit > 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Units of the sale Redis holds: every bucket's stock, and what is on its way between two buckets; null while a
     * bucket holds no figures.
     */
    public Integer unitsHeld(Activity activity) {
        int units = 0;
        for (StockBucket bucket : activity.stockBuckets()) {
            String stock = redis.opsForValue().get(bucket.stock());
            if (stock == null) {
                return null;
            }
            units += Integer.parseInt(stock);
        }
        return units + (int) inTransit(activity);
    }

    /** Units written down as lent and not yet received: in transit, counted with the stock. */
    public long inTransit(Activity activity) {
        long units = 0;
        if (activity.buckets() == 1) {
            return 0;
        }
        for (StockBucket giver : activity.stockBuckets()) {
            for (Object value : redis.opsForHash().values(giver.lent())) {
                units += Long.parseLong(value.toString().split(":")[1]);
            }
        }
        return units;
    }

    private boolean receive(StockBucket giver, StockBucket receiver, String transfer, long units) {
        Long received = redis.execute(RECEIVE, List.of(receiver.stock(), receiver.received()), transfer, Long.toString(units));
        if (received == null || received == 0) {
            return false; // the receiver lost its figures: their rebuild counts these units and clears the transfer
        }
        redis.opsForHash().delete(giver.lent(), transfer);
        return true;
    }
}
