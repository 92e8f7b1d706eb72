package com.seckill.gateway.blacklist;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param refresh how often each instance asks Redis whether the list changed (one GET of a version
 *                number); a change made on any instance applies everywhere within this period
 * @param resync  how often each instance checks the Redis copy against MySQL, the list's source of truth
 */
@ConfigurationProperties("seckill.gateway.blacklist")
record BlacklistProperties(@DefaultValue("500ms") Duration refresh, @DefaultValue("10s") Duration resync) {

    BlacklistProperties {
        if (refresh.isNegative() || refresh.isZero() || refresh.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new IllegalArgumentException("seckill.gateway.blacklist.refresh must be positive and at most 1s");
        }
    }
}
