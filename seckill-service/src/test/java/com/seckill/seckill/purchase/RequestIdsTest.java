package com.seckill.seckill.purchase;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import io.lettuce.core.cluster.SlotHash;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RequestIdsTest {

    @Test
    void everySlotIsReachedAndTheIdKeepsTheShapeOfAUuid() {
        for (int slot = 0; slot < SlotHash.SLOT_COUNT; slot++) {
            String id = RequestIds.inSlot(slot);
            assertThat(SlotHash.getSlot(SeckillKeys.result(id))).as(id).isEqualTo(slot);
            assertThat(id).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{6}[0-7]{6}");
        }
    }

    @Test
    void theResultKeySharesTheSlotOfTheBucketThePurchaseGoesTo() {
        for (StockBucket bucket : SeckillKeys.buckets(4242, 3)) {
            String id = RequestIds.inSlotOf(bucket.stock());
            assertThat(SlotHash.getSlot(SeckillKeys.result(id))).isEqualTo(SlotHash.getSlot(bucket.stock()));
        }
    }

    @Test
    void idsOfOneSlotStayRandom() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(RequestIds.inSlot(777));
        }
        assertThat(ids).hasSize(10_000);
    }
}
