package com.seckill.seckill.captcha;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** @param ttl how long a shown captcha can be answered; long enough to read it, too short to farm answers */
@ConfigurationProperties("seckill.captcha")
record CaptchaProperties(@DefaultValue("2m") Duration ttl) {
}
