package com.seckill.seckill.settle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.seckill.common.message.Settlement;
import com.seckill.seckill.purchase.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.activity.StockAnnouncement;
import com.seckill.seckill.purchase.RequestIds;
import com.seckill.seckill.purchase.ResultStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/** Where each settlement's result is written: in the settlement script when its key shares the sale's slot. */
class SettlementsTest {

    private final StringRedisTemplate redis = mock(StringRedisTemplate.class);
    private final ResultStore results = mock(ResultStore.class);
    private final ActivityCatalog catalog = mock(ActivityCatalog.class);
    private final Settlements settlements = new Settlements(redis, results, mock(StockAnnouncement.class), catalog);
    private final List<String> keys = new ArrayList<>();
    private final List<Object> args = new ArrayList<>();

    @BeforeEach
    void setUp() {
        when(catalog.buckets(7)).thenReturn(SeckillKeys.buckets(7, 1));
        when(results.ttl()).thenReturn(Duration.ofHours(24));
        when(results.serialized(any())).thenAnswer(call -> "result of " + call.<RequestResult>getArgument(0).requestId());
        when(redis.execute(any(RedisScript.class), anyList(), any(Object[].class))).thenAnswer(call -> {
            keys.addAll(call.getArgument(1));
            Object[] all = call.getArguments();
            args.addAll(Arrays.asList(all).subList(2, all.length));
            return 0L;
        });
    }

    @Test
    void aResultInTheSalesSlotGoesWithTheScriptAndNothingIsLeftToWrite() {
        String requestId = RequestIds.inSlotOf(SeckillKeys.stock(7));

        settlements.apply(List.of(new Settlement(Settlement.Kind.CREATED, requestId, 7, 42, 9L, null)));

        assertThat(keys).containsExactly(SeckillKeys.stock(7), SeckillKeys.users(7), SeckillKeys.queued(7), SeckillKeys.returned(7),
                SeckillKeys.result(requestId));
        assertThat(args).containsExactly(String.valueOf(Duration.ofHours(24).toMillis()), "CREATED", "42", requestId, "9", "5",
                "result of " + requestId);
        verify(results).settleAll(List.of());
    }

    @Test
    void aResultInAnotherSlotIsWrittenAfterTheScript() {
        String requestId = UUID.randomUUID().toString();
        while (io.lettuce.core.cluster.SlotHash.getSlot(SeckillKeys.result(requestId))
                == io.lettuce.core.cluster.SlotHash.getSlot(SeckillKeys.stock(7))) {
            requestId = UUID.randomUUID().toString();
        }

        settlements.apply(List.of(new Settlement(Settlement.Kind.REFUSED, requestId, 7, 42, null, "SOLD_OUT")));

        assertThat(keys).hasSize(4);
        assertThat(args).containsExactly(String.valueOf(Duration.ofHours(24).toMillis()), "REFUSED", "42", requestId, "", "0", "");
        verify(results).settleAll(List.of(RequestResult.fail(requestId, 42, "SOLD_OUT")));
    }
}
