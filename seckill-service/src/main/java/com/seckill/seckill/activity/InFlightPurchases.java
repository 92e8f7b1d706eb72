package com.seckill.seckill.activity;

import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.orders.OrderPipeline;
import java.time.Duration;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * Whether purchases accepted before Redis lost an activity's figures can still be on their way to
 * MySQL: a script that ran just before the loss may still wait for its answer, then publish (the
 * grace); an accepted purchase sits in the outbox until the broker has it, then in the order queue or
 * a consumer until its order is written.
 */
@Component
class InFlightPurchases {

    private final StringRedisTemplate redis;
    private final OrderPipeline pipeline;
    /** Longest a purchase can still be on its way to the broker: its script's timeout, then the publish's. */
    private final Duration grace;

    InFlightPurchases(StringRedisTemplate redis, OrderPipeline pipeline, SeckillProperties properties,
                      RedisProperties redisProperties) {
        this.redis = redis;
        this.pipeline = pipeline;
        this.grace = redisProperties.getTimeout().plus(properties.publishTimeout());
    }

    Duration grace() {
        return grace;
    }

    /** Every purchase accepted so far is in MySQL: the activity's outboxes are empty, the order pipeline drained. */
    boolean allWritten(Activity activity) {
        return activity.stockBuckets().stream().allMatch(bucket -> redis.opsForHash().size(bucket.outbox()) == 0)
                && pipeline.drained();
    }
}
