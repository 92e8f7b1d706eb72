package com.seckill.order.order;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** An order as an operator sees it: what its owner sees, and who the owner is. */
public record AdminOrderView(long userId, @JsonUnwrapped OrderView order) {
}
