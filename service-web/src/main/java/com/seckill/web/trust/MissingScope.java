package com.seckill.web.trust;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** A service called an internal endpoint its token has no scope for. */
public class MissingScope extends SeckillException {

    public MissingScope() {
        super(ErrorCode.FORBIDDEN, "The calling service lacks the scope this endpoint needs");
    }
}
