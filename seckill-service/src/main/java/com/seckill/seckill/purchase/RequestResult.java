package com.seckill.seckill.purchase;

/**
 * What {@code seckill:result:{requestId}} holds: the state of one accepted purchase and its owner.
 * Written by seckill-service: QUEUED on acceptance, then SUCCESS or FAIL as order-service settled it
 * ({@link com.seckill.common.message.Settlement}).
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
