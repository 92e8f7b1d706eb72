package com.seckill.common.message;

import java.math.BigDecimal;

/**
 * The order request that won a unit of stock in Redis: written to the outbox by the Lua script and
 * published to {@link Queues#ORDER_CREATE}. {@code requestId} is the message id the consumer dedupes on.
 */
public record OrderMessage(String requestId, long userId, long activityId, long goodsId, String goodsName,
                           BigDecimal price, long acceptedAt) {
}
