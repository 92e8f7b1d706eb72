package com.seckill.gateway.blacklist;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** No entry with that id (never added, removed, or expired and purged). */
class UnknownBlacklistEntry extends SeckillException {

    UnknownBlacklistEntry(String id) {
        super(ErrorCode.NOT_FOUND, "No blacklist entry " + id);
    }
}
