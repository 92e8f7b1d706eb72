package com.seckill.order.order;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.time.Instant;

/** An order as its owner sees it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record OrderView(long id, String orderNo, String requestId, long activityId, long goodsId, String goodsName,
                 BigDecimal price, String status, Instant createTime, Instant payTime) {

    static OrderView of(Order order) {
        return new OrderView(order.id(), order.orderNo(), order.requestId(), order.activityId(), order.goodsId(),
                order.goodsName(), order.price(), OrderStatus.of(order.status()).name(), order.createTime(),
                order.payTime());
    }
}
