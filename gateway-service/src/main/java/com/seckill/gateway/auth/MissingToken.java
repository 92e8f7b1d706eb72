package com.seckill.gateway.auth;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** A protected path was called without a bearer token. */
class MissingToken extends SeckillException {

    MissingToken() {
        super(ErrorCode.UNAUTHENTICATED, "Authentication required: send Authorization: Bearer <token>");
    }
}
