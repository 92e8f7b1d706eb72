package com.seckill.order.order;

import com.seckill.common.message.OrderMessage;
import java.math.BigDecimal;

/** Insert parameter: MyBatis writes the generated id back into {@code id}. */
public final class NewOrder {

    private Long id;
    private final String orderNo;
    private final OrderMessage message;

    public NewOrder(String orderNo, OrderMessage message) {
        this.orderNo = orderNo;
        this.message = message;
    }

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    /** Every order is created pending. */
    public OrderStatus getStatus() {
        return OrderStatus.PENDING;
    }

    public String getOrderNo() {
        return orderNo;
    }

    public String getRequestId() {
        return message.requestId();
    }

    public long getUserId() {
        return message.userId();
    }

    public long getActivityId() {
        return message.activityId();
    }

    public long getGoodsId() {
        return message.goodsId();
    }

    public String getGoodsName() {
        return message.goodsName();
    }

    public BigDecimal getPrice() {
        return message.price();
    }
}
