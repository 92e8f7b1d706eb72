package com.seckill.common.message;

/**
 * What order-service decided about a purchase or an order, for seckill-service to apply to its own state
 * (the result a shopper polls, the requests still in flight, the holders and the units in Redis). Travels
 * as a JSON array on {@link Queues#SETTLEMENT}, one message per batch of orders; order-service publishes it
 * (confirmed) after its transaction and seckill-service, the owner of every {@code seckill:*} key, applies
 * it. Applying one twice changes nothing (a unit comes back once per request or order).
 *
 * @param kind      what happened
 * @param requestId the purchase it settles; null for {@link Kind#ENDED}
 * @param orderId   the order made ({@link Kind#CREATED}) or ended ({@link Kind#ENDED}); else null
 * @param reason    why a purchase was refused ({@code SOLD_OUT}, {@code DUPLICATE}, {@code GIVEN_UP}); else null
 */
public record Settlement(Kind kind, String requestId, long activityId, long userId, Long orderId, String reason) {

    public enum Kind {
        /** The order was made: SUCCESS with its id. */
        CREATED,
        /** MySQL refused the order (sold out there, or given up): FAIL, and the user's hold and unit back. */
        REFUSED,
        /** The user holds an earlier order of the sale: FAIL, the unit back, the hold stays (it is the earlier order's). */
        DUPLICATE,
        /** An order ended (cancelled, closed): its user's hold and unit back, so the unit is on sale again. */
        ENDED
    }

    public static Settlement created(OrderMessage message, long orderId) {
        return new Settlement(Kind.CREATED, message.requestId(), message.activityId(), message.userId(), orderId, null);
    }

    public static Settlement refused(OrderMessage message, String reason) {
        return new Settlement(Kind.REFUSED, message.requestId(), message.activityId(), message.userId(), null, reason);
    }

    public static Settlement duplicate(OrderMessage message) {
        return new Settlement(Kind.DUPLICATE, message.requestId(), message.activityId(), message.userId(), null, "DUPLICATE");
    }

    public static Settlement ended(long activityId, long userId, long orderId) {
        return new Settlement(Kind.ENDED, null, activityId, userId, orderId, null);
    }
}
