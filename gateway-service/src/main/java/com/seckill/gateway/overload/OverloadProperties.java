package com.seckill.gateway.overload;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code seckill.gateway.overload.*} (docs/configuration.md).
 *
 * @param initialLimit concurrent requests per service before the first measurements
 * @param minLimit     never fewer, however slow answers get
 * @param maxLimit     never more, however fast (bounds the connections the gateway opens to a service)
 * @param retryAfter   what a shed request is told to wait ({@code Retry-After})
 * @param queueRetryAfter what a shed join or poll of a waiting room is told to wait: a whole number of seconds
 *                     drawn from this to twice this, so that a crowd told at once does not come back at once;
 *                     a waiting shopper keeps its place meanwhile
 * @param soldOutFor   how long a 410 SOLD_OUT seen from seckill-service is repeated by the gateway itself
 * @param shedPause    the least time between two shed or sold-out answers on one connection: one that comes
 *                     sooner is held until then (see {@link RefusalPacer}); shorter than {@code retryAfter},
 *                     so a client that waits as told never notices it
 */
@ConfigurationProperties("seckill.gateway.overload")
record OverloadProperties(int initialLimit, int minLimit, int maxLimit, Duration retryAfter, Duration queueRetryAfter,
                          Duration soldOutFor, Duration shedPause) {

    /** The {@code Retry-After} of a request to {@code tier} shed now, in seconds (at least 1). */
    long retryAfterSeconds(Tier tier) {
        if (tier == Tier.QUEUE) {
            long least = Math.max(1, queueRetryAfter.toSeconds());
            return least + java.util.concurrent.ThreadLocalRandom.current().nextLong(least + 1);
        }
        return Math.max(1, retryAfter.toSeconds());
    }
}
