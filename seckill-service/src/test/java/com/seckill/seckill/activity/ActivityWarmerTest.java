package com.seckill.seckill.activity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.SaleFigures.Stamp;
import com.seckill.seckill.activity.SaleFigures.Stamps;
import com.seckill.seckill.orders.OrderPipeline;
import com.seckill.seckill.orders.OrderRecords;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.InOrder;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.core.task.TaskExecutor;
import org.springframework.core.task.TaskRejectedException;
import org.springframework.data.redis.core.HashOperations;
import org.springframework.data.redis.core.StringRedisTemplate;

/** When the warmer builds, keeps or rebuilds an activity's Redis figures (contract §10), on its schedule and on request. */
class ActivityWarmerTest {

    private static final Instant START = Instant.parse("2030-01-01T10:00:00Z");
    private static final Activity SALE = new Activity(7, 2, "Phone", new BigDecimal("9.90"), 100, 100,
            START, START.plusSeconds(3600), false);
    private static final SeckillProperties PROPERTIES = new Binder(new MapConfigurationPropertySource(Map.of()))
            .bindOrCreate("seckill.sale", SeckillProperties.class);
    /** Redis timeout (1 s) plus publish timeout (2 s): how long a purchase may still be on its way. */
    private static final Duration GRACE = Duration.ofSeconds(3);
    private static final Stamps SELLABLE = stamps("run-1", "100", "run-1", "100", true);
    private static final Stamps SNAPSHOT_SINCE_BUILD = stamps("run-1", "200", "run-1", "100", true);
    private static final Stamps NOTHING = stamps("run-2", "300", "", "", false);
    private static final Stamps LEFT_BY_ANOTHER_PROCESS = stamps("run-2", "300", "run-1", "100", true);

    private final SaleFigures figures = mock(SaleFigures.class);

    /** The stamp of an activity sold from one bucket. */
    private static Stamps stamps(String runId, String lastSave, String stampedRunId, String stampedEpoch, boolean stock) {
        return new Stamps(List.of(new Stamp(SeckillKeys.buckets(7, 1).get(0), runId, lastSave, stampedRunId, stampedEpoch, stock)));
    }
    private final StringRedisTemplate redis = mock(StringRedisTemplate.class);
    @SuppressWarnings("unchecked")
    private final HashOperations<String, Object, Object> hashes = mock(HashOperations.class);
    private final ActivityStore store = mock(ActivityStore.class);
    private final OrderRecords orders = mock(OrderRecords.class);
    private final OrderPipeline pipeline = mock(OrderPipeline.class);
    private final RedissonClient redisson = mock(RedissonClient.class);
    private final RLock lock = mock(RLock.class);
    private final ActivityCatalog catalog = mock(ActivityCatalog.class);
    private final List<Runnable> background = new ArrayList<>();
    private final MovableClock clock = new MovableClock(START.minus(Duration.ofHours(1)));
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private boolean executorFull;
    private ActivityWarmer warmer;
    private WarmupSchedule schedule;
    private WarmupRequests requests;

    @BeforeEach
    void setUp() throws InterruptedException {
        when(redis.opsForHash()).thenReturn(hashes);
        when(redisson.getLock(SeckillKeys.warmupLock(7))).thenReturn(lock);
        when(lock.tryLock(2, 30, TimeUnit.SECONDS)).thenReturn(true);
        when(lock.isHeldByCurrentThread()).thenReturn(true);
        when(catalog.room(anyLong())).thenReturn(Optional.empty());
        when(store.snapshot(7)).thenReturn(new ActivityStore.Snapshot(SALE, List.of(11L)));
        RedisProperties redisProperties = new RedisProperties();
        redisProperties.setTimeout(Duration.ofSeconds(1));
        TaskExecutor executor = task -> {
            if (executorFull) {
                throw new TaskRejectedException("full");
            }
            background.add(task);
        };
        InFlightPurchases inFlight = new InFlightPurchases(redis, pipeline, PROPERTIES, redisProperties);
        warmer = new ActivityWarmer(figures, new SaleRecords(store, orders), inFlight, redisson, catalog, PROPERTIES, clock);
        schedule = new WarmupSchedule(warmer, catalog, clock, meters);
        requests = new WarmupRequests(warmer, executor);
    }

    @Test
    void figuresMustBeInRedisFromTheWarmUpWindowBeforeTheStartUntilTheSaleEnds() {
        clock.set(START.minus(Duration.ofMinutes(10)));
        assertThat(warmer.startsWithinWindow(SALE)).as("exactly the window before").isFalse();
        clock.set(START.minus(Duration.ofMinutes(10)).plusMillis(1));
        assertThat(warmer.startsWithinWindow(SALE)).isTrue();
        clock.set(SALE.endTime().minusMillis(1));
        assertThat(warmer.startsWithinWindow(SALE)).isTrue();
        clock.set(SALE.endTime());
        assertThat(warmer.startsWithinWindow(SALE)).as("ended").isFalse();
    }

    @Test
    void aWaitingRoomOpeningEarlierThanTheWindowWidensItButOneOpeningLaterNeverNarrowsIt() {
        clock.set(START.minus(Duration.ofMinutes(30)));
        when(catalog.room(7)).thenReturn(Optional.of(new WaitingRoomSettings(100, 3600, 120, "seed")));
        assertThat(warmer.startsWithinWindow(SALE)).isTrue();

        clock.set(START.minus(Duration.ofMinutes(9)));
        when(catalog.room(7)).thenReturn(Optional.of(new WaitingRoomSettings(100, 60, 120, "seed")));
        assertThat(warmer.startsWithinWindow(SALE)).isTrue();
    }

    @Test
    void figuresBuiltInTheRedisProcessServingThemStandAndOnlyTheirDefinitionIsWrittenAgain() {
        when(figures.stamp(SALE)).thenReturn(SELLABLE);

        assertThat(warmer.warm(SALE)).isTrue();

        verify(figures).describe(SALE);
        verify(figures, never()).restamp(any());
        verify(figures, never()).buildFresh(any(), any());
        verify(figures, never()).rebuild(any(), any(), any());
        verifyNoInteractions(store, orders, pipeline);
        verify(lock).unlock();
    }

    @Test
    void aSnapshotTakenSinceTheBuildIsFollowedByARestampNotByARebuild() {
        when(figures.stamp(SALE)).thenReturn(SNAPSHOT_SINCE_BUILD);

        assertThat(warmer.warm(SALE)).isTrue();

        verify(figures).restamp(SNAPSHOT_SINCE_BUILD);
        verify(figures).describe(SALE);
        verify(figures, never()).rebuild(any(), any(), any());
    }

    @Test
    void figuresNeverBuiltBeforeTheSaleCouldHaveSoldAreBuiltFreshFromMySqlWithTheTopUpsTheyInclude() {
        clock.set(START.minusSeconds(6));
        when(figures.stamp(SALE)).thenReturn(NOTHING);

        assertThat(warmer.warm(SALE)).isTrue();

        verify(figures).buildFresh(SALE, List.of(11L));
        verify(figures, never()).rebuild(any(), any(), any());
        verifyNoInteractions(orders, pipeline);
        assertThat(warmer.recovering()).isFalse();
    }

    @Test
    void figuresMissingOnceTheSaleMayHaveSoldAreNotRebuiltWhilePurchasesMayStillBeInFlight() {
        clock.set(START.minusSeconds(5)); // within the clock skew between instances: it may have sold
        when(figures.stamp(SALE)).thenReturn(NOTHING);

        assertThat(warmer.warm(SALE)).isFalse();

        assertThat(warmer.recovering()).isTrue();
        verify(figures, never()).buildFresh(any(), any());
        verifyNoInteractions(store, orders, pipeline, hashes);
    }

    @Test
    void figuresLeftByAnotherRedisProcessAreNeverTakenForFreshOnesEvenBeforeTheStart() {
        when(figures.stamp(SALE)).thenReturn(LEFT_BY_ANOTHER_PROCESS);

        assertThat(warmer.warm(SALE)).isFalse();

        assertThat(warmer.recovering()).isTrue();
        verify(figures, never()).buildFresh(any(), any());
        verify(figures, never()).describe(any());
    }

    @Test
    void lostFiguresAreRebuiltOnlyAfterTheGraceWithTheOutboxEmptyAndThePipelineDrained() {
        clock.set(START.plusSeconds(30));
        when(figures.stamp(SALE)).thenReturn(NOTHING);
        when(orders.holders(7)).thenReturn(List.of(1L, 2L));
        when(figures.rebuild(SALE, List.of(11L), List.of(1L, 2L))).thenReturn(true);

        assertThat(warmer.warm(SALE)).as("first seen").isFalse();
        clock.advance(GRACE.minusMillis(1));
        assertThat(warmer.warm(SALE)).as("a purchase may still be publishing").isFalse();
        verifyNoInteractions(hashes, pipeline);

        clock.advance(Duration.ofMillis(1));
        when(hashes.size(SeckillKeys.outbox(7))).thenReturn(1L);
        assertThat(warmer.warm(SALE)).as("an accepted purchase is not in MySQL yet").isFalse();
        when(hashes.size(SeckillKeys.outbox(7))).thenReturn(0L);
        when(pipeline.drained()).thenReturn(false);
        assertThat(warmer.warm(SALE)).as("messages still queued or consumed").isFalse();
        verify(figures, never()).rebuild(any(), any(), any());
        assertThat(warmer.recovering()).isTrue();

        when(pipeline.drained()).thenReturn(true);
        assertThat(warmer.warm(SALE)).isTrue();

        verify(figures, times(1)).rebuild(SALE, List.of(11L), List.of(1L, 2L));
        assertThat(warmer.recovering()).isFalse();
    }

    @Test
    void aRebuildTheScriptRefusesKeepsTheSaleRecovering() {
        clock.set(START.plusSeconds(30));
        when(figures.stamp(SALE)).thenReturn(NOTHING);
        when(pipeline.drained()).thenReturn(true);
        when(orders.holders(7)).thenReturn(List.of());
        warmer.warm(SALE);
        clock.advance(GRACE);

        assertThat(warmer.warm(SALE)).isFalse();

        verify(figures).rebuild(SALE, List.of(11L), List.of());
        assertThat(warmer.recovering()).isTrue();
    }

    @Test
    void anotherInstanceHoldingTheWarmUpLockMeansNothingIsDoneHere() throws InterruptedException {
        when(lock.tryLock(2, 30, TimeUnit.SECONDS)).thenReturn(false);

        assertThat(warmer.warm(SALE)).isFalse();

        verifyNoInteractions(figures, store);
        verify(lock, never()).unlock();
    }

    @Test
    void anInterruptedWaitForTheLockGivesUpAndKeepsTheInterrupt() throws InterruptedException {
        when(lock.tryLock(2, 30, TimeUnit.SECONDS)).thenThrow(new InterruptedException());

        assertThat(warmer.warm(SALE)).isFalse();

        assertThat(Thread.interrupted()).isTrue();
        verifyNoInteractions(figures);
        verify(lock, never()).unlock();
    }

    @Test
    void aNewActivityLosesWhatRedisHeldUnderItsIdAndIsBuiltAtOnceOnlyWhenItsStartIsNear() {
        clock.set(START.minus(Duration.ofMinutes(5)));
        warmer.warmNew(SALE);
        InOrder order = inOrder(figures);
        order.verify(figures).clear(SALE);
        order.verify(figures).buildFresh(SALE, List.of());

        clock.set(START.minus(Duration.ofDays(2)));
        warmer.warmNew(SALE);
        verify(figures, times(2)).clear(SALE);
        verify(figures, times(1)).buildFresh(any(), any());
    }

    @Test
    void purchasesAskForOneBackgroundWarmUpPerActivityAtATime() {
        when(figures.stamp(SALE)).thenReturn(SELLABLE);

        requests.request(SALE);
        requests.request(SALE);
        assertThat(background).hasSize(1);

        background.get(0).run();
        verify(figures).describe(SALE);
        requests.request(SALE);
        assertThat(background).as("the first one is done").hasSize(2);
    }

    @Test
    void aBackgroundWarmUpThatFailedOrWasNeverTakenCanBeAskedForAgain() {
        when(figures.stamp(SALE)).thenThrow(new IllegalStateException("Redis gave no identity"));
        requests.request(SALE);
        background.get(0).run();
        requests.request(SALE);
        assertThat(background).hasSize(2);

        background.get(1).run();
        executorFull = true;
        requests.request(SALE);
        executorFull = false;
        requests.request(SALE);
        assertThat(background).hasSize(3);
    }

    @Test
    void theScheduleWarmsOnlyActivitiesWithinTheWindowWhoseFiguresAreNotSellable() {
        clock.set(START.minus(Duration.ofMinutes(5)));
        Activity sellable = new Activity(8, 2, "Tablet", BigDecimal.ONE, 5, 5, START, START.plusSeconds(60), false);
        Activity farAway = new Activity(9, 2, "Laptop", BigDecimal.ONE, 5, 5, START.plus(Duration.ofDays(1)),
                START.plus(Duration.ofDays(2)), false);
        when(catalog.all()).thenReturn(List.of(SALE, sellable, farAway));
        when(figures.stamp(SALE)).thenReturn(NOTHING);
        when(figures.stamp(sellable)).thenReturn(SELLABLE);

        schedule.warmUpcoming();

        verify(figures).buildFresh(SALE, List.of(11L));
        verify(figures, never()).stamp(farAway);
        verify(redisson, never()).getLock(SeckillKeys.warmupLock(8));
        assertThat(meters.get("seckill.job.last.success").tag("job", "warm-up").gauge().value())
                .isEqualTo(clock.instant().getEpochSecond());
    }

    @Test
    void theScheduleEndsARecoveryThatAnotherInstanceCompletedOrWhoseActivityIsGone() {
        clock.set(START.plusSeconds(30));
        when(figures.stamp(SALE)).thenReturn(NOTHING);
        warmer.warm(SALE);
        assertThat(warmer.recovering()).isTrue();

        when(catalog.held(7)).thenReturn(Optional.of(SALE));
        when(catalog.all()).thenReturn(List.of(SALE));
        when(figures.stamp(SALE)).thenReturn(SELLABLE);
        schedule.warmUpcoming();
        assertThat(warmer.recovering()).as("rebuilt elsewhere").isFalse();

        when(figures.stamp(SALE)).thenReturn(NOTHING);
        warmer.warm(SALE);
        when(catalog.held(7)).thenReturn(Optional.empty());
        when(catalog.all()).thenReturn(List.of());
        schedule.warmUpcoming();
        assertThat(warmer.recovering()).as("no longer in the catalog").isFalse();
    }
}
