package com.seckill.gateway.body;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** The declared request body is larger than any API call needs. */
class PayloadTooLarge extends SeckillException {

    PayloadTooLarge(long maxBytes) {
        super(ErrorCode.PAYLOAD_TOO_LARGE, "Request body larger than " + maxBytes + " bytes");
    }
}
