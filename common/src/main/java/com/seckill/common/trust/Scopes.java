package com.seckill.common.trust;

/** What a service token may be used for; the callee names the scope each internal endpoint needs. */
public final class Scopes {

    /** Read order-service's records: orders, holders of an activity, outcomes of requests, consumer state. */
    public static final String ORDERS_READ = "orders:read";

    /** Apply a payment to an order. */
    public static final String ORDERS_PAY = "orders:pay";

    /** Tell order-service that the provider refunded an order's payment. */
    public static final String ORDERS_REFUND = "orders:refund";

    private Scopes() {
    }
}
