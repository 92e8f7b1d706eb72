package com.seckill.gateway.purchase;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/**
 * The purchase path is missing, expired, already used, or was issued to another user or activity.
 * One answer for all of them, so a caller cannot probe which.
 */
class PathRejected extends SeckillException {

    PathRejected() {
        super(ErrorCode.BAD_PATH, "Purchase path is invalid, expired or already used: request a new one");
    }
}
