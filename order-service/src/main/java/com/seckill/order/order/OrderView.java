package com.seckill.order.order;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * An order as its owner sees it. {@code payBefore}, on a pending order only: when it is closed unpaid
 * (created + the pay timeout), for the page's countdown.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OrderView(long id, String orderNo, String requestId, long activityId, long goodsId, String goodsName,
                 BigDecimal price, String status, Instant createTime, Instant payTime, Instant payBefore) {

    static OrderView of(Order order, Duration payTimeout) {
        OrderStatus status = OrderStatus.of(order.status());
        return new OrderView(order.id(), order.orderNo(), order.requestId(), order.activityId(), order.goodsId(),
                order.goodsName(), order.price(), status.name(), order.createTime(), order.payTime(),
                status == OrderStatus.PENDING ? order.createTime().plus(payTimeout) : null);
    }
}
