package com.seckill.gateway.purchase;

import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
import java.util.List;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The one-time paths seckill-service writes as plain strings ({@code SET key path EX 60}). Checking and
 * deleting is one Lua call, the purchase's only Redis round trip on the gateway.
 */
@Component
class PurchasePaths {

    private static final long CONSUMED = 1L;

    private final ReactiveStringRedisTemplate redis;
    private final RedisScript<Long> consumeScript;

    PurchasePaths(ReactiveStringRedisTemplate redis) {
        this.redis = redis;
        this.consumeScript = RedisScript.of(LuaScripts.text("lua/consume_path.lua"), Long.class);
    }

    /** @return whether the path was the user's current one for the activity; it is gone afterwards either way */
    Mono<Boolean> consume(long activityId, long userId, String path) {
        return redis.execute(consumeScript, List.of(SeckillKeys.path(activityId, userId)), List.of(path))
                .next()
                .map(answer -> answer == CONSUMED)
                .defaultIfEmpty(false);
    }
}
