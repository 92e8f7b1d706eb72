package com.seckill.gateway.auth;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** The request path carries dot segments, encoded separators or matrix parameters. */
class MalformedPath extends SeckillException {

    MalformedPath() {
        super(ErrorCode.BAD_REQUEST, "Malformed request path");
    }
}
