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
        assertThat(SeckillKeys.rate("ip:1.2.3.4")).startsWith("seckill:rate:");
    }

    @Test
    void scriptAnswersMapToOutcomes() {
        assertThat(PurchaseOutcome.of(1)).isEqualTo(PurchaseOutcome.SUCCESS);
        assertThat(PurchaseOutcome.of(0)).isEqualTo(PurchaseOutcome.SOLD_OUT);
        assertThat(PurchaseOutcome.of(2)).isEqualTo(PurchaseOutcome.DUPLICATE);
        assertThat(PurchaseOutcome.of(-1)).isEqualTo(PurchaseOutcome.NOT_WARMED);
    }
}
