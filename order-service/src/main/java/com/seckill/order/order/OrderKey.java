package com.seckill.order.order;

/** An order's id beside the request that created it. */
public record OrderKey(long id, String requestId) {
}
