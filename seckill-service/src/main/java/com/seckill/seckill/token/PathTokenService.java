package com.seckill.seckill.token;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.common.trust.QueueTokens;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.captcha.CaptchaService;
import com.seckill.seckill.infra.RedisGuard;
import com.seckill.seckill.purchase.SaleGuard;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.validation.constraints.Size;
import java.time.Clock;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Service;

/**
 * Issues the one-time purchase path: random, signed for one user and activity, valid for a short time
 * ({@link PurchasePaths}), and consumed by the purchase script on use, so a path can neither be
 * shared nor replayed. An activity that
 * requires a captcha gets a path only with the right answer to the captcha last shown to this user.
 */
@Service
class PathTokenService {

    private final SaleGuard guard;
    private final RedisGuard redisGuard;
    private final StringRedisTemplate redis;
    private final SeckillProperties properties;
    private final CaptchaService captchas;
    private final PurchasePaths paths;
    private final QueueTokens queueTokens;
    private final ActivityCatalog catalog;
    private final Clock clock;
    private final Counter issued;

    PathTokenService(SaleGuard guard, RedisGuard redisGuard, StringRedisTemplate redis, SeckillProperties properties,
                     CaptchaService captchas, PurchasePaths paths, QueueTokens queueTokens, ActivityCatalog catalog,
                     MeterRegistry meters, Clock clock) {
        this.issued = Counter.builder("seckill.path.tokens").description("One-time purchase paths issued").register(meters);
        this.guard = guard;
        this.redisGuard = redisGuard;
        this.redis = redis;
        this.properties = properties;
        this.captchas = captchas;
        this.paths = paths;
        this.queueTokens = queueTokens;
        this.catalog = catalog;
        this.clock = clock;
    }

    PathToken issue(long activityId, long userId, TokenRequest request, String admission) {
        Activity activity = guard.open(activityId);
        // a waiting room's activity gives paths to admitted shoppers only, whatever the gateway checked
        if (catalog.room(activityId).isPresent() && !queueTokens.isAdmitted(admission, activityId, userId, clock.instant())) {
            throw new Refusals.NotAdmitted();
        }
        if (activity.captchaRequired()) {
            captchas.verify(activity.id(), userId, request == null ? null : request.captcha());
        }
        String path = paths.issue(activity.id(), userId, clock.instant().plus(properties.pathTtl()));
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
