package com.seckill.seckill.activity;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.apache.ibatis.annotations.AutomapConstructor;

/**
 * A flash-sale activity as defined by an operator. {@code stock} is MySQL's count of units left; {@code buckets}
 * how many Redis buckets its units are sold from (1 unless the operator asked for more).
 */
public record Activity(long id, long goodsId, String goodsName, BigDecimal price, int stockTotal, int stock,
                       Instant startTime, Instant endTime, boolean captchaRequired, int buckets) {

    @AutomapConstructor
    public Activity {
    }

    /** An activity sold from one bucket. */
    public Activity(long id, long goodsId, String goodsName, BigDecimal price, int stockTotal, int stock,
                    Instant startTime, Instant endTime, boolean captchaRequired) {
        this(id, goodsId, goodsName, price, stockTotal, stock, startTime, endTime, captchaRequired, 1);
    }

    public List<StockBucket> stockBuckets() {
        return SeckillKeys.buckets(id, buckets);
    }

    /** The bucket that keeps this user's hold, path and purchases. */
    public StockBucket homeOf(long userId) {
        return stockBuckets().get(SeckillKeys.homeIndex(userId, buckets));
    }

    public boolean startedAt(Instant now) {
        return !now.isBefore(startTime);
    }

    public boolean endedAt(Instant now) {
        return !now.isBefore(endTime);
    }
}
