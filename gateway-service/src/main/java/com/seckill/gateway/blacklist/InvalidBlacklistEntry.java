package com.seckill.gateway.blacklist;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** A new entry that could never match anything: not an IP literal, or already expired. */
class InvalidBlacklistEntry extends SeckillException {

    InvalidBlacklistEntry(String detail) {
        super(ErrorCode.BAD_REQUEST, detail);
    }
}
