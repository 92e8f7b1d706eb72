package com.seckill.seckill.settle;

import com.seckill.seckill.activity.StockTransfers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.orders.OrderRecords;
import com.seckill.seckill.settle.Reconciler.Outcome;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/** Redis figures are repaired from MySQL only when they differ and nothing is in flight. */
class ReconcilerTest {

    private static final Instant START = Instant.parse("2030-01-01T10:00:00Z");
    private static final Activity SALE = new Activity(7, 2, "Phone", BigDecimal.TEN, 10, 8, START, START.plusSeconds(3600), false);
    private static final List<String> READ_KEYS = List.of(SeckillKeys.stock(7), SeckillKeys.users(7), SeckillKeys.outbox(7),
            SeckillKeys.queued(7), SeckillKeys.buckets(7, 1).get(0).lent());
    private static final List<String> KEYS = List.of(SeckillKeys.stock(7), SeckillKeys.users(7), SeckillKeys.outbox(7),
            SeckillKeys.queued(7), SeckillKeys.info(7), SeckillKeys.buckets(7, 1).get(0).lent());

    private final StringRedisTemplate redis = mock(StringRedisTemplate.class);
    private final RedissonClient redisson = mock(RedissonClient.class);
    private final RLock lock = mock(RLock.class);
    private final OrderRecords orders = mock(OrderRecords.class);
    private final ActivityCatalog catalog = mock(ActivityCatalog.class);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final Reconciler reconciler = new Reconciler(redis, redisson, orders, catalog,
            Clock.fixed(START, ZoneOffset.UTC), meters, mock(StockTransfers.class));
    private final List<Object> repairSent = new ArrayList<>();

    @BeforeEach
    void setUp() {
        when(redis.hasKey(SeckillKeys.stock(7))).thenReturn(true);
        when(redisson.getLock(SeckillKeys.reconcileLock(7))).thenReturn(lock);
        when(lock.tryLock()).thenReturn(true);
        when(orders.holders(7)).thenReturn(List.of(1L, 2L));
    }

    @Test
    void anActivityNotWarmedIsLeftToTheWarmer() {
        when(redis.hasKey(SeckillKeys.stock(7))).thenReturn(false);

        assertThat(reconciler.reconcile(SALE)).isEqualTo(Outcome.CONSISTENT);

        verifyNoInteractions(redisson, orders);
    }

    @Test
    void anotherInstanceReconcilingTheActivityMakesThisOneBusy() {
        when(lock.tryLock()).thenReturn(false);

        assertThat(reconciler.reconcile(SALE)).isEqualTo(Outcome.BUSY);

        verifyNoInteractions(orders);
        verify(lock, never()).unlock();
    }

    @Test
    void nothingIsComparedWhileAPurchaseWaitsInTheOutboxOrIsUnsettled() {
        // the read script answers nothing while the outbox or the queued set holds a purchase
        when(redis.execute(any(RedisScript.class), eq(READ_KEYS))).thenReturn(List.of());

        assertThat(reconciler.reconcile(SALE)).isEqualTo(Outcome.IN_FLIGHT);

        verifyNoInteractions(orders);
        verify(lock).unlock();
    }

    @Test
    void figuresAgreeingWithMySqlAreLeftAlone() {
        redisHolds("8", "1", "2");

        assertThat(reconciler.reconcile(SALE)).isEqualTo(Outcome.CONSISTENT);

        verify(redis, never()).execute(any(RedisScript.class), eq(KEYS), any(Object[].class));
    }

    @Test
    void aHolderWithoutAnOrderIsRepairedByAScriptThatChecksWhatTheComparisonRead() {
        redisHolds("7", "1", "2", "3");
        repairAnswers(1L);

        assertThat(reconciler.reconcile(SALE)).isEqualTo(Outcome.REPAIRED);

        assertThat(repairSent.subList(0, 4)).as("stock read, digest of the holders read, stock per MySQL, total")
                .containsExactly("7", "digest-of-1-2-3", "8", "10");
        assertThat(repairSent.subList(4, repairSent.size())).containsExactlyInAnyOrder("1", "2");
        verify(lock).unlock();
    }

    @Test
    void aStockOffByAUnitIsRepairedEvenWhenTheHoldersAgree() {
        redisHolds("9", "1", "2");
        repairAnswers(1L);

        assertThat(reconciler.reconcile(SALE)).isEqualTo(Outcome.REPAIRED);

        assertThat(repairSent.subList(0, 4)).containsExactly("9", "digest-of-1-2", "8", "10");
    }

    @Test
    void aRepairTheScriptRefusesBecauseSomethingMovedIsLeftForTheNextRound() {
        redisHolds("7", "1", "2", "3");
        repairAnswers(0L);

        assertThat(reconciler.reconcile(SALE)).isEqualTo(Outcome.IN_FLIGHT);
    }

    @Test
    void aRoundCountsTheActivitiesItRepairedAndOneFailureStopsNoOther() {
        Activity broken = new Activity(9, 2, "Tablet", BigDecimal.ONE, 5, 5, START, START.plusSeconds(60), false);
        when(catalog.all()).thenReturn(List.of(broken, SALE));
        when(redis.hasKey(SeckillKeys.stock(9))).thenThrow(new RedisConnectionFailureException("down"));
        redisHolds("7", "1", "2", "3");
        repairAnswers(1L);

        reconciler.reconcileAll();

        assertThat(meters.get("seckill.reconciliation.mismatches").gauge().value()).isEqualTo(1);
        assertThat(meters.get("seckill.job.last.success").tag("job", "reconciliation").gauge().value())
                .isEqualTo(START.getEpochSecond());
        verify(orders, never()).holders(9);
    }

    /** What the read script answers: stock, the digest it computed of the holders, the holders. */
    private void redisHolds(String stock, String... holders) {
        List<String> read = new ArrayList<>(List.of(stock, "digest-of-" + String.join("-", holders)));
        read.addAll(Arrays.asList(holders));
        when(redis.execute(any(RedisScript.class), eq(READ_KEYS))).thenReturn(read);
    }

    private void repairAnswers(long answer) {
        when(redis.execute(any(RedisScript.class), eq(KEYS), any(Object[].class))).thenAnswer(call -> {
            Object[] arguments = call.getArguments();
            repairSent.addAll(Arrays.asList(arguments).subList(2, arguments.length));
            return answer;
        });
    }

    @Test
    void unitsMissingGoToTheBucketWithTheFewestAndUnitsTooManyComeOffTheBucketsWithTheMost() {
        assertThat(Reconciler.shares(new long[] {4, 3, 5}, 15)).containsExactly(4, 6, 5);
        assertThat(Reconciler.shares(new long[] {3, 4, 5}, 12)).containsExactly(3, 4, 5);
        assertThat(Reconciler.shares(new long[] {3, 5, 3}, 9)).containsExactly(3, 3, 3);
        assertThat(Reconciler.shares(new long[] {3, 4, 5}, 2)).containsExactly(2, 0, 0);
        assertThat(Reconciler.shares(new long[] {-1, 2}, 0)).as("never below zero").containsExactly(0, 0);
        assertThat(Reconciler.shares(new long[] {8}, 7)).containsExactly(7);
    }
}
