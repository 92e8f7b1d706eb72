package com.seckill.common.web;

/** HTTP headers the gateway and the services agree on. */
public final class Headers {

    private Headers() {
    }

    /** The verified user id, set by the gateway only (any client-sent value is stripped). */
    public static final String USER_ID = "X-User-Id";

    /** Present with value {@code ADMIN} when the verified token carries the ADMIN role. */
    public static final String USER_ROLES = "X-User-Roles";

    /**
     * On seckill-service's answer to a waiting-room poll whose status is SOLD_OUT: the gateway then tells the
     * next polls of that sale the same itself, for its {@code sold-out-for}, without asking seckill-service.
     */
    public static final String SOLD_OUT = "X-Seckill-Sold-Out";
}
