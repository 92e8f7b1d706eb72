package com.seckill.common.ledger;

/** Paths of order-service's internal endpoints, never routed by the gateway. */
public final class OrderServiceApi {

    /** GET (orders:read): {@link OrderSnapshot} of one order. */
    public static final String ORDER = "/internal/orders/{orderId}";
    /** POST (orders:pay) a {@link PaymentNotice}: answers {@link PaymentApplied}; idempotent. */
    public static final String PAY = "/internal/orders/{orderId}/pay";
    /** POST (orders:refund) a {@link PaymentNotice} of the money given back: answers {@link RefundApplied}; idempotent. */
    public static final String REFUND = "/internal/orders/{orderId}/refund";
    /** GET (orders:read): ids of the users holding a live (pending or paid) order in an activity. */
    public static final String HOLDERS = "/internal/activities/{activityId}/holders";
    /** GET (orders:read): number of orders of an activity by status name. */
    public static final String ORDER_COUNTS = "/internal/activities/{activityId}/orders";
    /** GET (orders:read): {@link RequestOutcome} of a purchase request, 404 while the consumer has not seen it. */
    public static final String REQUEST = "/internal/requests/{requestId}";
    /** GET (orders:read): {@link ConsumerState} of the answering instance. */
    public static final String CONSUMER = "/internal/consumer";

    private OrderServiceApi() {
    }
}
