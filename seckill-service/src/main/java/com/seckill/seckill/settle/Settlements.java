package com.seckill.seckill.settle;

import com.seckill.common.message.Settlement;
import com.seckill.common.redis.LuaScripts;
import com.seckill.seckill.purchase.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.activity.StockAnnouncement;
import com.seckill.seckill.purchase.ResultStore;
import io.lettuce.core.cluster.SlotHash;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * Applies what order-service settled ({@link Settlement}) to the keys seckill-service owns: per activity (per
 * bucket), one script takes the requests out of the in-flight set, gives back each unit that comes back, once, and
 * writes the results ({@code lua/settle.lua}), so a shopper who sees SUCCESS or FAIL finds the sale's figures
 * already agreeing. A result whose key lies in another hash slot (a request id not made by {@code RequestIds}: one
 * accepted before it existed) is written after, in one round trip for all. A sale that got units back is announced
 * on sale again. Applying the same settlements twice changes nothing.
 */
@Component
class Settlements {

    private static final RedisScript<Long> SETTLE = RedisScript.of(LuaScripts.text("lua/settle.lua"), Long.class);

    private final StringRedisTemplate redis;
    private final ResultStore results;
    private final StockAnnouncement announcement;
    private final ActivityCatalog catalog;

    Settlements(StringRedisTemplate redis, ResultStore results, StockAnnouncement announcement, ActivityCatalog catalog) {
        this.catalog = catalog;
        this.redis = redis;
        this.results = results;
        this.announcement = announcement;
    }

    void apply(List<Settlement> settlements) {
        Map<Long, List<StockBucket>> buckets = new HashMap<>();
        Map<StockBucket, List<Settlement>> byBucket = new LinkedHashMap<>();
        for (Settlement settlement : settlements) {
            List<StockBucket> sold = buckets.computeIfAbsent(settlement.activityId(), catalog::buckets);
            StockBucket home = sold.get(SeckillKeys.homeIndex(settlement.userId(), sold.size()));
            byBucket.computeIfAbsent(home, bucket -> new ArrayList<>()).add(settlement);
        }
        List<RequestResult> elsewhere = new ArrayList<>();
        byBucket.forEach((bucket, sold) -> elsewhere.addAll(applyToSale(bucket, sold)));
        results.settleAll(elsewhere);
    }

    /**
     * In the buyer's home bucket, where the purchase took its unit (or a transfer brought it) and holds it.
     * @return the results left to write: those whose key lies in another slot
     */
    private List<RequestResult> applyToSale(StockBucket bucket, List<Settlement> settlements) {
        List<String> keys = new ArrayList<>(List.of(bucket.stock(), bucket.users(), bucket.queued(), bucket.returned()));
        List<String> args = new ArrayList<>(1 + settlements.size() * 6);
        List<RequestResult> elsewhere = new ArrayList<>();
        int slot = SlotHash.getSlot(bucket.stock());
        args.add(Long.toString(results.ttl().toMillis()));
        for (Settlement settlement : settlements) {
            args.add(settlement.kind().name());
            args.add(Long.toString(settlement.userId()));
            args.add(settlement.requestId() == null ? "" : settlement.requestId());
            args.add(settlement.orderId() == null ? "" : Long.toString(settlement.orderId()));
            String resultKey = settlement.requestId() == null ? null : SeckillKeys.result(settlement.requestId());
            if (resultKey != null && SlotHash.getSlot(resultKey) == slot) {
                keys.add(resultKey);
                args.add(Integer.toString(keys.size()));
                args.add(results.serialized(result(settlement)));
            } else {
                args.add("0");
                args.add("");
                if (resultKey != null) {
                    elsewhere.add(result(settlement));
                }
            }
        }
        Long back = redis.execute(SETTLE, keys, args.toArray());
        if (back != null && back > 0) {
            announcement.onSaleAgain(bucket.activityId());
        }
        return elsewhere;
    }

    static RequestResult result(Settlement settlement) {
        return settlement.kind() == Settlement.Kind.CREATED
                ? RequestResult.success(settlement.requestId(), settlement.userId(), settlement.orderId())
                : RequestResult.fail(settlement.requestId(), settlement.userId(), settlement.reason());
    }
}
