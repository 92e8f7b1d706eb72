package com.seckill.gateway.warmup;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code seckill.gateway.warmup.*} (docs/configuration.md): the gateway's warm-up before it is ready.
 *
 * @param max         the longest it may hold readiness back (0: no warm-up), waiting for seckill-service included
 * @param requests    requests sent at least (the JIT compiles a method after thousands of calls)
 * @param round       requests of one round; past {@code requests}, rounds go on until one is no faster than the best
 *                    before it
 * @param concurrency requests in flight at once
 */
@ConfigurationProperties("seckill.gateway.warmup")
record WarmUpProperties(@DefaultValue("60s") Duration max, @DefaultValue("12000") int requests, @DefaultValue("400") int round,
                        @DefaultValue("8") int concurrency) {

    WarmUpProperties {
        if (max.isNegative() || requests < 0 || round < 1 || concurrency < 1) {
            throw new IllegalArgumentException("seckill.gateway.warmup: max and requests >= 0, round and concurrency >= 1");
        }
    }

    int minRounds() {
        return (requests + round - 1) / round;
    }
}
