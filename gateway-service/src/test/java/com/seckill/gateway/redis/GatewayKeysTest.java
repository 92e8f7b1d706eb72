package com.seckill.gateway.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The gateway's keys: what one script touches together shares one Redis Cluster slot. */
class GatewayKeysTest {

    private static String hashTag(String key) {
        int open = key.indexOf('{');
        int close = open < 0 ? -1 : key.indexOf('}', open + 1);
        return close > open + 1 ? key.substring(open + 1, close) : key;
    }

    @Test
    void theRateLimitsOfARequestAndTheBlacklistsCopyEachShareOneSlot() {
        // an address, a user and an activity bucket in one script
        assertThat(Stream.of(GatewayKeys.rateIp("203.0.113.9"), GatewayKeys.rateUser(7), GatewayKeys.rateActivity(42))
                .map(GatewayKeysTest::hashTag).distinct()).hasSize(1);
        assertThat(GatewayKeys.rateUser(7)).startsWith("seckill:rate:");
        // the blacklist's copy and its version
        assertThat(hashTag(GatewayKeys.blacklist())).isEqualTo(hashTag(GatewayKeys.blacklistVersion()));
    }
}
