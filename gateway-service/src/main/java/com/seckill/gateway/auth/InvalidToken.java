package com.seckill.gateway.auth;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** The bearer token is malformed, forged, of the wrong algorithm, expired or names no user. */
class InvalidToken extends SeckillException {

    InvalidToken(String detail) {
        super(ErrorCode.UNAUTHENTICATED, detail);
    }
}
