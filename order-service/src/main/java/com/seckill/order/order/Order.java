package com.seckill.order.order;

import java.math.BigDecimal;
import java.time.Instant;

/** An order row. {@code status}: see {@link OrderStatus}. */
public record Order(long id, String orderNo, String requestId, long userId, long activityId, long goodsId,
                    String goodsName, BigDecimal price, int status, Instant payTime, boolean stockReturned,
                    Instant createTime) {

    /** Cancelled, closed or refunded: its unit belongs to the sale again. */
    public boolean ended() {
        return status == OrderStatus.CANCELLED.code() || status == OrderStatus.CLOSED.code()
                || status == OrderStatus.REFUNDED.code();
    }
}
