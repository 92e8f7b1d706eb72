package com.seckill.order.lifecycle;

import com.seckill.common.redis.LuaScripts;
import com.seckill.common.redis.SeckillKeys;
import java.util.List;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/** The Redis side of a unit coming back to a sale. */
@Component
public class RedisStock {

    private static final RedisScript<Long> GIVE_BACK =
            RedisScript.of(LuaScripts.text("lua/give-back.lua"), Long.class);

    private final StringRedisTemplate redis;

    RedisStock(StringRedisTemplate redis) {
        this.redis = redis;
    }

    /**
     * Returns the user's unit and lets them buy again. Safe to repeat: the unit comes back only
     * while the user still holds it in the set.
     */
    public boolean giveBack(long activityId, long userId) {
        Long returned = redis.execute(GIVE_BACK, List.of(SeckillKeys.stock(activityId), SeckillKeys.users(activityId)),
                String.valueOf(userId));
        return returned != null && returned == 1;
    }

    /** Returns a unit without touching the user set (the user keeps an earlier order). */
    public void returnUnit(long activityId) {
        redis.opsForValue().increment(SeckillKeys.stock(activityId));
    }
}
