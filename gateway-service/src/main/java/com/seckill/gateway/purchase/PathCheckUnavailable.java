package com.seckill.gateway.purchase;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** Redis did not answer the path check in time: the purchase is refused rather than let through unchecked. */
class PathCheckUnavailable extends SeckillException {

    PathCheckUnavailable() {
        super(ErrorCode.BUSY, "Purchases are temporarily unavailable, try again shortly");
    }
}
