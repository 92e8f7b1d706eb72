package com.seckill.gateway;

/**
 * Where the gateway's own global filters sit in the chain. All run before Spring Cloud Gateway's
 * routing filters (which start at 10000), and authentication runs before anything that needs the
 * caller's identity, so a request is rejected at the cheapest point.
 */
public final class GatewayFilterOrder {

    /** Verifies the JWT, strips forged identity headers, enforces public/user/admin access. */
    public static final int AUTHENTICATION = -200;

    /** Consumes the one-time purchase path in Redis; needs the verified user id. */
    public static final int PURCHASE_PATH = -100;

    private GatewayFilterOrder() {
    }
}
