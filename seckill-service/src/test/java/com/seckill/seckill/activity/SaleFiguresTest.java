package com.seckill.seckill.activity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import com.seckill.seckill.activity.SaleFigures.Stamp;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/** Whether Redis figures may be sold as they are, and what a build hands the warm-up script. */
class SaleFiguresTest {

    private static final Instant START = Instant.parse("2030-01-01T10:00:00Z");
    private static final Activity SALE = new Activity(7, 2, "Phone", new BigDecimal("9.90"), 100, 95,
            START, START.plusSeconds(3600), true);

    private static final StockBucket BUCKET = SeckillKeys.buckets(7, 1).get(0);

    private final StringRedisTemplate redis = mock(StringRedisTemplate.class);
    private final SaleFigures figures = new SaleFigures(redis);

    @Test
    void figuresAreSellableOnlyInTheProcessThatBuiltThemAndSinceItsLastSnapshot() {
        assertThat(new Stamp(BUCKET, "run-1", "100", "run-1", "100", true).current()).isTrue();
        assertThat(new Stamp(BUCKET, "run-1", "200", "run-1", "100", true).current()).as("a snapshot since").isFalse();
        assertThat(new Stamp(BUCKET, "run-1", "200", "run-1", "100", true).sameProcess()).isTrue();
        assertThat(new Stamp(BUCKET, "run-2", "100", "run-1", "100", true).sameProcess()).as("Redis restarted").isFalse();
        assertThat(new Stamp(BUCKET, "run-1", "100", "run-1", "100", false).sameProcess()).as("stock key gone").isFalse();
    }

    @Test
    void theIdentityRedisAnswersIsReadAsAStampAndNoAnswerIsAnError() {
        when(redis.execute(any(RedisScript.class), anyList()))
                .thenReturn(List.of("run-1", "100", "", "", 0L))
                .thenReturn(List.of("run-1", "100"));

        assertThat(figures.stamp(SALE)).isEqualTo(new SaleFigures.Stamps(List.of(new Stamp(BUCKET, "run-1", "100", "", "", false))));
        assertThatIllegalStateException().isThrownBy(() -> figures.stamp(SALE));
    }

    @Test
    void aRebuildHandsTheScriptTheStockTheDefinitionTheTopUpCountAndIdsThenTheHolders() {
        List<Object> sent = new ArrayList<>();
        when(redis.execute(any(RedisScript.class), anyList(), any(Object[].class))).thenAnswer(call -> {
            assertThat(call.<List<String>>getArgument(1)).containsExactly(SeckillKeys.info(7), SeckillKeys.stock(7),
                    SeckillKeys.users(7), SeckillKeys.queued(7), SeckillKeys.outbox(7), SeckillKeys.topUps(7), BUCKET.lent(),
                    BUCKET.received());
            Object[] arguments = call.getArguments();
            sent.addAll(Arrays.asList(arguments).subList(2, arguments.length));
            return 1L;
        });

        assertThat(figures.rebuild(SALE, List.of(11L, 12L), List.of(501L))).isTrue();

        assertThat(sent.subList(0, 2)).containsExactly("rebuild", "95");
        Map<Object, Object> info = new HashMap<>();
        for (int i = 2; i < 14; i += 2) {
            info.put(sent.get(i), sent.get(i + 1));
        }
        assertThat(info).containsExactlyInAnyOrderEntriesOf(Map.of("goodsName", "Phone", "price", "9.90",
                "startTime", String.valueOf(START.toEpochMilli()), "endTime", String.valueOf(SALE.endTime().toEpochMilli()),
                "captchaRequired", "true", "stockTotal", "100"));
        assertThat(sent.subList(14, sent.size())).containsExactly("2", "11", "12", "501");
    }

    @Test
    void aFreshBuildTheScriptRefusesBecauseFiguresExistReportsFalse() {
        when(redis.execute(any(RedisScript.class), anyList(), any(Object[].class))).thenReturn(0L);

        assertThat(figures.buildFresh(SALE, List.of())).isFalse();
    }
}
