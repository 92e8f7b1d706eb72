package com.seckill.gateway.ratelimit;

import com.seckill.common.redis.LuaScripts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Takes a token from every bucket of a request in one Lua call, so concurrent requests can never both
 * see the last token (a GET followed by an INCR could), and a request costs one Redis round trip
 * however many limits apply.
 */
@Component
class RateLimiter {

    private final ReactiveStringRedisTemplate redis;
    private final RedisScript<Long> script;

    RateLimiter(ReactiveStringRedisTemplate redis) {
        this.redis = redis;
        this.script = RedisScript.of(LuaScripts.text("lua/rate_limit.lua"), Long.class);
    }

    /** @return zero when the request is admitted, else how long until every bucket has a token again */
    Mono<Duration> acquire(List<Bucket> buckets) {
        List<String> keys = new ArrayList<>(buckets.size());
        List<String> args = new ArrayList<>(buckets.size() * 2);
        for (Bucket bucket : buckets) {
            keys.add(bucket.key());
            args.add(Double.toString(bucket.rate()));
            args.add(Double.toString(bucket.capacity()));
        }
        return redis.execute(script, keys, args)
                .next()
                .switchIfEmpty(Mono.error(() -> new IllegalStateException("The rate limit script answered nothing")))
                .map(Duration::ofMillis);
    }
}
