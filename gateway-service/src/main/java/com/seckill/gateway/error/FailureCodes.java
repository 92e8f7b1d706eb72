package com.seckill.gateway.error;

import com.seckill.common.error.ErrorCode;

/** The code a failure will be answered with, for those who count answers before they are written. */
public final class FailureCodes {

    private FailureCodes() {
    }

    public static ErrorCode of(Throwable failure) {
        return Problem.from(failure).code();
    }
}
