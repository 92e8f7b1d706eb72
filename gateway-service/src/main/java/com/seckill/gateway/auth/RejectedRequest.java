package com.seckill.gateway.auth;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** Spring Security's firewall refused the request: a method we do not serve, or a header no client sends. */
class RejectedRequest extends SeckillException {

    RejectedRequest() {
        super(ErrorCode.BAD_REQUEST, "Request refused: use GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS with printable headers");
    }
}
