package com.seckill.seckill.captcha;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.infra.RedisGuard;
import com.seckill.seckill.purchase.SaleGuard;
import java.security.SecureRandom;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Service;

/**
 * Captchas bound to one user and one activity. Showing a new one replaces the previous answer; an
 * answer is checked once, by GETDEL, so it can neither be reused nor guessed at repeatedly.
 */
@Service
public class CaptchaService {

    private final SaleGuard guard;
    private final RedisGuard redisGuard;
    private final StringRedisTemplate redis;
    private final CaptchaProperties properties;
    private final SecureRandom random = new SecureRandom();

    CaptchaService(SaleGuard guard, RedisGuard redisGuard, StringRedisTemplate redis, CaptchaProperties properties) {
        this.guard = guard;
        this.redisGuard = redisGuard;
        this.redis = redis;
        this.properties = properties;
    }

    /** A PNG of a new challenge, only while the activity is on sale and only if it asks for a captcha. */
    byte[] show(long activityId, long userId) {
        Activity activity = guard.open(activityId);
        if (!activity.captchaRequired()) {
            throw new CaptchaNotRequired(activityId);
        }
        Challenge challenge = Challenge.random(random);
        byte[] png = CaptchaImage.png(challenge.question(), random);
        redisGuard.run(() -> redis.opsForValue().set(SeckillKeys.captcha(activityId, userId), challenge.answer(),
                properties.ttl()));
        return png;
    }

    /** @throws CaptchaRejected unless {@code answer} is the answer of the captcha last shown to this user */
    public void verify(long activityId, long userId, String answer) {
        if (answer == null || answer.isBlank()) {
            throw new CaptchaRejected();
        }
        String expected = redisGuard.call(() -> redis.opsForValue().getAndDelete(SeckillKeys.captcha(activityId, userId)));
        if (expected == null || !expected.equals(answer.strip())) {
            throw new CaptchaRejected();
        }
    }
}
