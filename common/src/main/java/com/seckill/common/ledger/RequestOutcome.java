package com.seckill.common.ledger;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How order-service settled a purchase request: SUCCESS with its order, or FAIL with the reason it
 * was turned down. Survives Redis: it is read from MySQL.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestOutcome(String requestId, long userId, String status, Long orderId, String reason) {

    public boolean success() {
        return "SUCCESS".equals(status);
    }
}
