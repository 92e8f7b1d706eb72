package com.seckill.seckill.settle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.seckill.common.ledger.RequestOutcome;
import com.seckill.seckill.purchase.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.orders.OrderPipeline;
import com.seckill.seckill.orders.OrderRecords;
import com.seckill.seckill.purchase.ResultStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.data.redis.core.HashOperations;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ZSetOperations;
import org.springframework.data.redis.core.script.RedisScript;

/** A request QUEUED past the bound (60 s) is settled from MySQL, or failed as lost after the give-up (5 min). */
class StuckRequestResolverTest {


    private static final Instant NOW = Instant.parse("2030-01-01T10:30:00Z");
    private static final Activity SALE = new Activity(7, 2, "Phone", BigDecimal.ONE, 10, 10, NOW, NOW.plusSeconds(60), false);
    private static final long GIVE_UP = Duration.ofMinutes(5).toMillis();
    private static final SeckillProperties PROPERTIES = new Binder(new MapConfigurationPropertySource(Map.of()))
            .bindOrCreate("seckill.sale", SeckillProperties.class);
    private static final List<String> LOST_KEYS = List.of(SeckillKeys.stock(7), SeckillKeys.users(7), SeckillKeys.outbox(7),
            SeckillKeys.queued(7), SeckillKeys.returned(7));

    private final StringRedisTemplate redis = mock(StringRedisTemplate.class);
    @SuppressWarnings("unchecked")
    private final ZSetOperations<String, String> zsets = mock(ZSetOperations.class);
    @SuppressWarnings("unchecked")
    private final HashOperations<String, Object, Object> hashes = mock(HashOperations.class);
    private final OrderRecords orders = mock(OrderRecords.class);
    private final OrderPipeline pipeline = mock(OrderPipeline.class);
    private final ActivityCatalog catalog = mock(ActivityCatalog.class);
    private final ResultStore results = mock(ResultStore.class);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final StuckRequestResolver resolver = new StuckRequestResolver(redis, orders, pipeline, PROPERTIES, results,
            Clock.fixed(NOW, ZoneOffset.UTC), meters);
    private final StuckRequestSchedule schedule = new StuckRequestSchedule(resolver, catalog, Clock.fixed(NOW, ZoneOffset.UTC), meters);

    @BeforeEach
    void setUp() {
        when(redis.opsForZSet()).thenReturn(zsets);
        when(redis.opsForHash()).thenReturn(hashes);
        when(orders.request(anyString())).thenReturn(Optional.empty());
        when(results.find(anyString())).thenReturn(Optional.empty());
        when(hashes.hasKey(eq(SeckillKeys.outbox(7)), any())).thenReturn(false);
        when(pipeline.drained()).thenReturn(true);
    }

    @Test
    void nothingUnsettledForLongerThanTheBoundAsksOrderServiceNothing() {
        stuck();

        assertThat(resolver.resolve(SALE)).isZero();

        verify(zsets).rangeByScore(SeckillKeys.queued(7), 0, NOW.toEpochMilli() - 60_000, 0, 500);
        verifyNoInteractions(orders, pipeline);
    }

    @Test
    void anOrderMySqlRecordedSettlesARequestWhoseResultNeverReachedRedis() {
        stuck("r1");
        when(results.find("r1")).thenReturn(Optional.of(RequestResult.queued("r1", 42)));
        when(orders.request("r1")).thenReturn(Optional.of(new RequestOutcome("r1", 42, "SUCCESS", 55L, null)));

        assertThat(resolver.resolve(SALE)).isZero();

        verify(results).settle(RequestResult.success("r1", 42, 55));
        verify(zsets).remove(SeckillKeys.queued(7), "r1");
        assertThat(meters.get("seckill.requests.resolved").tag("how", "settled").counter().count()).isEqualTo(1);
    }

    @Test
    void aRefusalMySqlRecordedSettlesTheRequestAsAFailWithItsReasonEvenWithNoResultLeft() {
        stuck("r1");
        when(orders.request("r1")).thenReturn(Optional.of(new RequestOutcome("r1", 42, "FAIL", null, "SOLD_OUT")));

        assertThat(resolver.resolve(SALE)).isZero();

        verify(results).settle(RequestResult.fail("r1", 42, "SOLD_OUT"));
    }

    @Test
    void aFinalResultIsNeverOverwrittenButTheRequestLeavesTheUnsettledSet() {
        stuck("r1");
        when(results.find("r1")).thenReturn(Optional.of(RequestResult.success("r1", 42, 55)));
        when(orders.request("r1")).thenReturn(Optional.of(new RequestOutcome("r1", 42, "SUCCESS", 55L, null)));

        resolver.resolve(SALE);

        verify(results, never()).settle(any());
        verify(zsets).remove(SeckillKeys.queued(7), "r1");
    }

    @Test
    void aRequestFoundNowhereIsNotFailedBeforeTheGiveUpDelay() {
        stuck("r1");
        queuedFor("r1", 42, GIVE_UP - 1);

        assertThat(resolver.resolve(SALE)).isEqualTo(1);

        verifyNoInteractions(pipeline);
        verifyNoLostSettlement();
    }

    @Test
    void aRequestWhoseMessageWaitsInTheOutboxIsNotLost() {
        stuck("r1");
        queuedFor("r1", 42, GIVE_UP);
        when(hashes.hasKey(SeckillKeys.outbox(7), "r1")).thenReturn(true);

        assertThat(resolver.resolve(SALE)).isEqualTo(1);

        verifyNoInteractions(pipeline);
        verifyNoLostSettlement();
    }

    @Test
    void aRequestIsNotLostWhileOrderMessagesAreStillQueuedOrConsumed() {
        stuck("r1");
        queuedFor("r1", 42, GIVE_UP);
        when(pipeline.drained()).thenReturn(false);

        assertThat(resolver.resolve(SALE)).isEqualTo(1);

        verifyNoLostSettlement();
    }

    @Test
    void aRequestFoundNowhereAfterTheGiveUpIsFailedAndItsUnitReturned() {
        stuck("r1");
        queuedFor("r1", 42, GIVE_UP);
        when(redis.execute(any(RedisScript.class), eq(LOST_KEYS), eq("42"), eq("r1"))).thenReturn(1L);

        assertThat(resolver.resolve(SALE)).isZero();

        verify(results).settle(RequestResult.fail("r1", 42, "LOST"));
        assertThat(meters.get("seckill.requests.resolved").tag("how", "lost").counter().count()).isEqualTo(1);
    }

    @Test
    void aLostRequestTheScriptFindsAlreadySettledOrBackInTheOutboxIsNotFailed() {
        stuck("r1");
        queuedFor("r1", 42, GIVE_UP);
        when(redis.execute(any(RedisScript.class), eq(LOST_KEYS), eq("42"), eq("r1"))).thenReturn(0L);

        assertThat(resolver.resolve(SALE)).isEqualTo(1);

        verify(results, never()).settle(any());
    }

    @Test
    void aRoundAsksWhetherThePipelineIsDrainedOnceAndCountsWhatStaysStuck() {
        when(catalog.all()).thenReturn(List.of(SALE));
        stuck("r1", "r2");
        queuedFor("r1", 42, GIVE_UP);
        queuedFor("r2", 43, GIVE_UP);
        when(pipeline.drained()).thenReturn(false);

        schedule.resolveAll();

        verify(pipeline, times(1)).drained();
        assertThat(meters.get("seckill.requests.stuck").gauge().value()).isEqualTo(2);
    }

    private void stuck(String... requestIds) {
        Set<String> old = new LinkedHashSet<>(List.of(requestIds));
        when(zsets.rangeByScore(SeckillKeys.queued(7), 0, NOW.toEpochMilli() - 60_000, 0, 500)).thenReturn(old);
    }

    private void queuedFor(String requestId, long userId, long millis) {
        when(results.find(requestId)).thenReturn(Optional.of(RequestResult.queued(requestId, userId)));
        when(zsets.score(SeckillKeys.queued(7), requestId)).thenReturn((double) (NOW.toEpochMilli() - millis));
    }

    private void verifyNoLostSettlement() {
        verify(redis, never()).execute(any(RedisScript.class), anyList(), any(Object[].class));
        verify(results, never()).settle(any());
    }
}
