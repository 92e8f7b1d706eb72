package com.seckill.seckill.infra;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Every Redis call a shopper's request makes goes through here: a Redis failure becomes 503 BUSY
 * at once, and the request never falls through to MySQL.
 */
@Component
public class RedisGuard {

    private static final Logger log = LoggerFactory.getLogger(RedisGuard.class);

    public <T> T call(Supplier<T> redisCall) {
        try {
            return redisCall.get();
        } catch (SeckillException e) {
            throw e;
        } catch (RuntimeException e) {
            log.warn("Redis call failed: {}", e.toString());
            throw new SeckillException(ErrorCode.BUSY, "The sale is busy, try again shortly");
        }
    }

    public void run(Runnable redisCall) {
        call(() -> {
            redisCall.run();
            return null;
        });
    }
}
