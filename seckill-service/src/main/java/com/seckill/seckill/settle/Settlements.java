package com.seckill.seckill.settle;

import com.seckill.common.message.Settlement;
import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.activity.StockAnnouncement;
import com.seckill.seckill.purchase.ResultStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * Applies what order-service settled ({@link Settlement}) to the keys seckill-service owns: per activity, one
 * script takes the requests out of the in-flight set and gives back each unit that comes back, once
 * ({@code lua/settle.lua}); then the results are written in one round trip, so a shopper who sees SUCCESS or
 * FAIL finds the sale's figures already agreeing. A sale that got units back is announced on sale again.
 * Applying the same settlements twice changes nothing.
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
        byBucket.forEach(this::applyToSale);
        results.settleAll(settlements.stream().filter(settlement -> settlement.requestId() != null).map(Settlements::result).toList());
    }

    /** In the buyer's home bucket, where the purchase took its unit (or a transfer brought it) and holds it. */
    private void applyToSale(StockBucket bucket, List<Settlement> settlements) {
        List<String> args = new ArrayList<>(settlements.size() * 4);
        for (Settlement settlement : settlements) {
            args.add(settlement.kind().name());
            args.add(Long.toString(settlement.userId()));
            args.add(settlement.requestId() == null ? "" : settlement.requestId());
            args.add(settlement.orderId() == null ? "" : Long.toString(settlement.orderId()));
        }
        Long back = redis.execute(SETTLE, List.of(bucket.stock(), bucket.users(), bucket.queued(), bucket.returned()),
                args.toArray());
        if (back != null && back > 0) {
            announcement.onSaleAgain(bucket.activityId());
        }
    }

    static RequestResult result(Settlement settlement) {
        return settlement.kind() == Settlement.Kind.CREATED
                ? RequestResult.success(settlement.requestId(), settlement.userId(), settlement.orderId())
                : RequestResult.fail(settlement.requestId(), settlement.userId(), settlement.reason());
    }
}
