package com.seckill.gateway.auth;

/** What a request needs before it may be routed. */
enum Access {
    /** Anyone; a valid token, if sent, still identifies the caller. */
    PUBLIC,
    /** A valid token. */
    USER,
    /** A valid token carrying the ADMIN role. */
    ADMIN
}
