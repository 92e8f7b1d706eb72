package com.seckill.gateway.blacklist;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** The caller's user id or address is on the deny list. Says nothing about which entry, or why. */
class Blocked extends SeckillException {

    Blocked() {
        super(ErrorCode.BLOCKED, "Access denied");
    }
}
