package com.seckill.gateway.auth;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** The request path is not canonical: escapes, dot segments, empty segments or matrix parameters. */
class MalformedPath extends SeckillException {

    MalformedPath() {
        super(ErrorCode.BAD_REQUEST, "Request path is not canonical: no escapes (%), dot segments, '//' or ';' parameters");
    }
}
