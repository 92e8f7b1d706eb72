package com.seckill.seckill.captcha;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;

/**
 * The path request of a captcha activity came without the right answer: missing, wrong, expired or
 * already used. One answer for all, and the captcha is spent either way: ask for a new one.
 */
class CaptchaRejected extends SeckillException {

    CaptchaRejected() {
        super(ErrorCode.BAD_CAPTCHA, "Captcha answer missing, wrong or expired: fetch a new captcha");
    }
}
