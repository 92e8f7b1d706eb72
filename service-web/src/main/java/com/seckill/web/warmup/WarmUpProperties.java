package com.seckill.web.warmup;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code seckill.service.warmup.*} (docs/configuration.md): an inner service's warm-up before it is ready.
 *
 * @param max         the longest the warm-up may hold readiness back, however slow the machine (0: no warm-up)
 * @param requests    requests sent at least (the JIT compiles a method after thousands of calls)
 * @param round       requests of one round; past {@code requests}, rounds go on until one is no faster than the best
 *                    before it
 * @param concurrency requests in flight at once
 */
@ConfigurationProperties("seckill.service.warmup")
public record WarmUpProperties(Duration max, Integer requests, Integer round, Integer concurrency) {

    public WarmUpProperties {
        max = max == null ? Duration.ofSeconds(60) : max;
        requests = requests == null ? 4_000 : requests;
        round = round == null ? 400 : round;
        concurrency = concurrency == null ? 4 : concurrency;
        if (max.isNegative() || requests < 0 || round < 1 || concurrency < 1) {
            throw new IllegalArgumentException("seckill.service.warmup: max and requests >= 0, round and concurrency >= 1");
        }
    }

    int minRounds() {
        return (requests + round - 1) / round;
    }
}
