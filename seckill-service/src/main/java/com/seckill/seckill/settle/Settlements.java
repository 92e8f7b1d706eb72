package com.seckill.seckill.settle;

import com.seckill.common.message.Settlement;
import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.activity.StockAnnouncement;
import com.seckill.seckill.purchase.ResultStore;
import java.util.ArrayList;
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

    Settlements(StringRedisTemplate redis, ResultStore results, StockAnnouncement announcement) {
        this.redis = redis;
        this.results = results;
        this.announcement = announcement;
    }

    void apply(List<Settlement> settlements) {
        Map<Long, List<Settlement>> byActivity = new LinkedHashMap<>();
        settlements.forEach(settlement -> byActivity.computeIfAbsent(settlement.activityId(), id -> new ArrayList<>()).add(settlement));
        byActivity.forEach(this::applyToSale);
        results.settleAll(settlements.stream().filter(settlement -> settlement.requestId() != null).map(Settlements::result).toList());
    }

    private void applyToSale(long activityId, List<Settlement> settlements) {
        List<String> args = new ArrayList<>(settlements.size() * 4);
        for (Settlement settlement : settlements) {
            args.add(settlement.kind().name());
            args.add(Long.toString(settlement.userId()));
            args.add(settlement.requestId() == null ? "" : settlement.requestId());
            args.add(settlement.orderId() == null ? "" : Long.toString(settlement.orderId()));
        }
        Long back = redis.execute(SETTLE, List.of(SeckillKeys.stock(activityId), SeckillKeys.users(activityId),
                SeckillKeys.queued(activityId), SeckillKeys.returned(activityId)), args.toArray());
        if (back != null && back > 0) {
            announcement.onSaleAgain(activityId);
        }
    }

    static RequestResult result(Settlement settlement) {
        return settlement.kind() == Settlement.Kind.CREATED
                ? RequestResult.success(settlement.requestId(), settlement.userId(), settlement.orderId())
                : RequestResult.fail(settlement.requestId(), settlement.userId(), settlement.reason());
    }
}
