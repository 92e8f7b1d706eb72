package com.seckill.common.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.cluster.SlotHash;
import org.junit.jupiter.api.Test;

class ClusterSlotsTest {

    @Test
    void theSlotOfAKeyIsTheOneTheRedisClientComputes() {
        assertThat(ClusterSlots.slot("123456789")).as("the specification's CRC16 check value 0x31C3").isEqualTo(0x31C3);
        for (int i = 0; i < 20_000; i++) {
            String key = "seckill:{" + i + "/" + (i % 7) + "}:stock";
            assertThat(ClusterSlots.slot(key)).as(key).isEqualTo(SlotHash.getSlot(key));
            String plain = "key-" + i + "-\u00e9";
            assertThat(ClusterSlots.slot(plain)).as(plain).isEqualTo(SlotHash.getSlot(plain));
        }
        assertThat(ClusterSlots.slot("a{}b")).as("an empty tag hashes the whole key").isEqualTo(SlotHash.getSlot("a{}b"));
        assertThat(ClusterSlots.slot("{user1000}.following")).isEqualTo(ClusterSlots.slot("{user1000}.followers"));
    }
}
