package com.seckill.gateway.auth;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** An authenticated user without the ADMIN role called an admin path. */
class AdminRoleRequired extends SeckillException {

    AdminRoleRequired() {
        super(ErrorCode.FORBIDDEN, "This operation needs the ADMIN role");
    }
}
