package com.seckill.gateway.ratelimit;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** Redis could not answer the limiter for a purchase: refused rather than let an unmetered flood through. */
class LimiterUnavailable extends SeckillException {

    LimiterUnavailable() {
        super(ErrorCode.BUSY, "Purchases are temporarily unavailable, try again shortly");
    }
}
