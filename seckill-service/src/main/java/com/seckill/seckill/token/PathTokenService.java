package com.seckill.seckill.token;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.captcha.CaptchaService;
import com.seckill.seckill.infra.RedisGuard;
import com.seckill.seckill.purchase.SaleGuard;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.security.SecureRandom;
import jakarta.validation.constraints.Size;
import java.util.Base64;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Service;

/**
 * Issues the one-time purchase path: random per user and activity, valid for a short time, and
 * consumed by the gateway on use, so a path can neither be shared nor replayed. An activity that
 * requires a captcha gets a path only with the right answer to the captcha last shown to this user.
 */
@Service
class PathTokenService {

    private static final int PATH_BYTES = 16;

    private final SaleGuard guard;
    private final RedisGuard redisGuard;
    private final StringRedisTemplate redis;
    private final SeckillProperties properties;
    private final CaptchaService captchas;
    private final SecureRandom random = new SecureRandom();
    private final Counter issued;

    PathTokenService(SaleGuard guard, RedisGuard redisGuard, StringRedisTemplate redis, SeckillProperties properties,
                     CaptchaService captchas, MeterRegistry meters) {
        this.issued = Counter.builder("seckill.path.tokens").description("One-time purchase paths issued").register(meters);
        this.guard = guard;
        this.redisGuard = redisGuard;
        this.redis = redis;
        this.properties = properties;
        this.captchas = captchas;
    }

    PathToken issue(long activityId, long userId, TokenRequest request) {
        Activity activity = guard.open(activityId);
        if (activity.captchaRequired()) {
            captchas.verify(activity.id(), userId, request == null ? null : request.captcha());
        }
        byte[] bytes = new byte[PATH_BYTES];
        random.nextBytes(bytes);
        String path = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        redisGuard.run(() -> redis.opsForValue().set(SeckillKeys.path(activity.id(), userId), path, properties.pathTtl()));
        issued.increment();
        return new PathToken(path, properties.pathTtl().toSeconds());
    }

    record PathToken(String path, long expiresInSeconds) {
    }

    /** Optional body of the path request; the captcha answer is checked when the activity asks for one, ignored otherwise. */
    record TokenRequest(@Size(max = 16) String captcha) {
    }
}
