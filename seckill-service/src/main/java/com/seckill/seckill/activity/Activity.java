package com.seckill.seckill.activity;

import java.math.BigDecimal;
import java.time.Instant;

/** A flash-sale activity as defined by an operator. {@code stock} is MySQL's count of units left. */
public record Activity(long id, long goodsId, String goodsName, BigDecimal price, int stockTotal, int stock,
                       Instant startTime, Instant endTime, boolean captchaRequired) {

    public boolean startedAt(Instant now) {
        return !now.isBefore(startTime);
    }

    public boolean endedAt(Instant now) {
        return !now.isBefore(endTime);
    }
}
