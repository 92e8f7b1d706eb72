package com.seckill.common.redis;

/**
 * What {@code seckill:result:{requestId}} holds: the state of one accepted purchase and its owner.
 * Written QUEUED by seckill-service, then SUCCESS or FAIL by order-service.
 */
public record RequestResult(String requestId, long userId, Status status, Long orderId, String reason) {

    public enum Status { QUEUED, SUCCESS, FAIL }

    public static RequestResult queued(String requestId, long userId) {
        return new RequestResult(requestId, userId, Status.QUEUED, null, null);
    }

    public static RequestResult success(String requestId, long userId, long orderId) {
        return new RequestResult(requestId, userId, Status.SUCCESS, orderId, null);
    }

    public static RequestResult fail(String requestId, long userId, String reason) {
        return new RequestResult(requestId, userId, Status.FAIL, null, reason);
    }
}
