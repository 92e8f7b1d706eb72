package com.seckill.gateway.purchase;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** The activity id in a purchase path is not a positive number. */
class InvalidActivityId extends SeckillException {

    InvalidActivityId() {
        super(ErrorCode.BAD_REQUEST, "Activity id must be a positive number");
    }
}
