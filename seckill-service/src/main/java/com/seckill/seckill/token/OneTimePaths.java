package com.seckill.seckill.token;

import com.seckill.common.trust.PurchasePaths;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.infra.RedisGuard;
import java.time.Clock;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * A purchase path as it is issued: signed for one user and activity until {@code path-ttl} from now
 * ({@link PurchasePaths}), and kept as {@code seckill:{aid}:path:{uid}} for as long, where the purchase
 * script consumes it: the user's newest path is the only one that buys.
 */
@Component
class OneTimePaths {

    private final PurchasePaths paths;
    private final RedisGuard redisGuard;
    private final StringRedisTemplate redis;
    private final SeckillProperties properties;
    private final Clock clock;

    OneTimePaths(PurchasePaths paths, RedisGuard redisGuard, StringRedisTemplate redis, SeckillProperties properties, Clock clock) {
        this.paths = paths;
        this.redisGuard = redisGuard;
        this.redis = redis;
        this.properties = properties;
        this.clock = clock;
    }

    String issue(Activity activity, long userId) {
        String path = paths.issue(activity.id(), userId, clock.instant().plus(properties.pathTtl()));
        // in the bucket that sells to this user: the purchase script uses it up in the call that takes the unit
        redisGuard.run(() -> redis.opsForValue().set(activity.homeOf(userId).path(userId), path, properties.pathTtl()));
        return path;
    }
}
