package com.seckill.seckill.captcha;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/** The activity exists but asks for no captcha, so there is no captcha resource to serve. */
class CaptchaNotRequired extends SeckillException {

    CaptchaNotRequired(long activityId) {
        super(ErrorCode.NOT_FOUND, "Activity " + activityId + " needs no captcha");
    }
}
