package com.seckill.common.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SeckillKeysTest {

    @Test
    void keysOfOneActivityShareOneHashTagSoALuaScriptStaysInOneSlot() {
        assertThat(SeckillKeys.stock(42)).isEqualTo("seckill:{42}:stock");
        assertThat(SeckillKeys.users(42)).isEqualTo("seckill:{42}:users");
        assertThat(SeckillKeys.outbox(42)).isEqualTo("seckill:{42}:outbox");
        assertThat(SeckillKeys.info(42)).isEqualTo("seckill:{42}:info");
        assertThat(SeckillKeys.path(42, 7)).isEqualTo("seckill:{42}:path:7");
    }

    @Test
    void resultKeysAreGlobalAndRateKeysArePrefixed() {
        assertThat(SeckillKeys.result("abc")).isEqualTo("seckill:result:abc");
        assertThat(GatewayKeys.rate("ip:1.2.3.4")).startsWith("seckill:rate:");
    }

    /** The part of a key Redis Cluster hashes: the first {...} with something inside, else the whole key. */
    private static String hashTag(String key) {
        int open = key.indexOf('{');
        int close = open < 0 ? -1 : key.indexOf('}', open + 1);
        return close > open + 1 ? key.substring(open + 1, close) : key;
    }

    @Test
    void theKeysEveryScriptTouchesTogetherShareOneClusterSlot() {
        // purchase, warm-up, reconciliation, give-back: one activity's keys
        assertThat(java.util.stream.Stream.of(SeckillKeys.stock(42), SeckillKeys.users(42), SeckillKeys.outbox(42),
                SeckillKeys.queued(42), SeckillKeys.info(42), SeckillKeys.path(42, 7)).map(SeckillKeysTest::hashTag))
                .containsOnly("42");
        // the gateway's rate limit: an address, a user and an activity bucket in one script
        assertThat(java.util.stream.Stream.of(GatewayKeys.rateIp("203.0.113.9"), GatewayKeys.rateUser(7),
                GatewayKeys.rateActivity(42)).map(SeckillKeysTest::hashTag).distinct()).hasSize(1);
        assertThat(GatewayKeys.rateUser(7)).startsWith("seckill:rate:");
        // the blacklist's copy and its version
        assertThat(hashTag(GatewayKeys.blacklist())).isEqualTo(hashTag(GatewayKeys.blacklistVersion()));
    }

    @Test
    void scriptAnswersMapToOutcomes() {
        assertThat(PurchaseOutcome.of(1)).isEqualTo(PurchaseOutcome.SUCCESS);
        assertThat(PurchaseOutcome.of(0)).isEqualTo(PurchaseOutcome.SOLD_OUT);
        assertThat(PurchaseOutcome.of(2)).isEqualTo(PurchaseOutcome.DUPLICATE);
        assertThat(PurchaseOutcome.of(-1)).isEqualTo(PurchaseOutcome.NOT_WARMED);
    }
}
