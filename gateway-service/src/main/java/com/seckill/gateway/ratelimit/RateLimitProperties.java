package com.seckill.gateway.ratelimit;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Sustained rates in requests per second; 0 switches a limit off.
 *
 * @param perIp       every request from one client address (env {@code SECKILL_GATEWAY_RATELIMIT_PERIP}).
 *                    Load tests from one machine come from one address: they raise this, nothing else.
 * @param perUser     actions of one verified user: every request that is not a read (GET), plus captcha
 *                    fetches (env {@code SECKILL_GATEWAY_RATELIMIT_PERUSER}). Reads count per address only.
 * @param perActivity purchase attempts on one activity, all users and gateway instances together (env
 *                    {@code SECKILL_GATEWAY_RATELIMIT_PERACTIVITY}). 2000/s by default: about what one
 *                    seckill-service instance answers on two cores, and a 1,000-shopper burst fits in it.
 * @param burst       how many seconds of its rate an idle address or user may spend at once (a page load,
 *                    a purchase followed by result polling). The activity bucket holds one second only:
 *                    it exists to flatten spikes.
 * @param share       how often each gateway instance tells the others, through Redis, what it handed out (env
 *                    {@code SECKILL_GATEWAY_RATELIMIT_SHARE}). Requests are decided in memory; several instances
 *                    together may hand out up to this long's worth of a bucket's tokens more than it holds, which
 *                    the bucket then owes. One Redis call per period per instance, whatever the traffic.
 */
@ConfigurationProperties("seckill.gateway.rate-limit")
record RateLimitProperties(@DefaultValue("10") double perIp,
                           @DefaultValue("3") double perUser,
                           @DefaultValue("2000") double perActivity,
                           @DefaultValue("5s") Duration burst,
                           @DefaultValue("50ms") Duration share) {

    RateLimitProperties {
        if (perIp < 0 || perUser < 0 || perActivity < 0) {
            throw new IllegalArgumentException("seckill.gateway.rate-limit rates must be 0 (off) or positive");
        }
        if (burst.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("seckill.gateway.rate-limit.burst must be at least 1s");
        }
        if (share.toMillis() < 10 || share.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new IllegalArgumentException("seckill.gateway.rate-limit.share must be between 10ms and 1s");
        }
    }

    double burstSeconds() {
        return burst.toMillis() / 1000.0;
    }
}
