package com.seckill.seckill.activity;

import java.util.ArrayList;
import static org.mockito.ArgumentMatchers.anyList;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.audit.AuditLog;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ValueOperations;
import org.springframework.data.redis.core.script.RedisScript;

/** Stock added to a live sale: MySQL's rules, then Redis once, then the news to every instance. */
class StockTopUpsTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:30:00Z");
    private static final Activity BEFORE = activity(100, 20, NOW.plusSeconds(600));
    private static final Activity AFTER = activity(150, 70, NOW.plusSeconds(600));
    private static final List<String> KEYS = List.of(SeckillKeys.stock(7), SeckillKeys.info(7), SeckillKeys.topUps(7));

    private final ActivityStore store = mock(ActivityStore.class);
    private final StockTopUpMapper topUps = mock(StockTopUpMapper.class);
    private final ActivityMapper mapper = mock(ActivityMapper.class);
    private final AuditLog audit = mock(AuditLog.class);
    private final ActivityCatalog catalog = mock(ActivityCatalog.class);
    private final StringRedisTemplate redis = mock(StringRedisTemplate.class);
    @SuppressWarnings("unchecked")
    private final ValueOperations<String, String> values = mock(ValueOperations.class);
    private final RedissonClient redisson = mock(RedissonClient.class);
    private final RLock lock = mock(RLock.class);
    private final StockAnnouncement announcement = mock(StockAnnouncement.class);
    private final StockTopUps stockTopUps = new StockTopUps(store, topUps, catalog, redis, redisson, announcement,
            Clock.fixed(NOW, ZoneOffset.UTC));

    @BeforeEach
    void setUp() throws InterruptedException {
        when(redis.opsForValue()).thenReturn(values);
        when(redisson.getLock(SeckillKeys.warmupLock(7))).thenReturn(lock);
        when(lock.tryLock(5, 30, TimeUnit.SECONDS)).thenReturn(true);
        when(lock.isHeldByCurrentThread()).thenReturn(true);
        when(catalog.buckets(anyLong())).thenAnswer(call -> SeckillKeys.buckets(call.getArgument(0), 1));
        when(store.topUp(7, 50, 1, NOW)).thenReturn(new ActivityStore.Raised(AFTER, new TopUp(3, 7, 50)));
    }

    @Test
    void aTopUpNewToRedisIsAddedAnnouncedAndShownWithTheUnitsRedisNowHas() {
        when(redis.execute(any(RedisScript.class), eq(KEYS), eq("3"), eq("50"), eq("50"))).thenReturn(1L);
        when(values.get(SeckillKeys.stock(7))).thenReturn("64");

        stockTopUps.add(7, 50, 1);

        verify(announcement).onSaleAgain(7);
        verify(catalog).replace(AFTER, 64);
        verify(lock).unlock();
    }

    @Test
    void aTopUpRedisHadAlreadyIsNotAnnouncedAgain() {
        when(redis.execute(any(RedisScript.class), eq(KEYS), eq("3"), eq("50"), eq("50"))).thenReturn(2L);

        stockTopUps.add(7, 50, 1);

        verifyNoInteractions(announcement);
    }

    @Test
    void aTopUpRecordedInMySqlStandsWhenRedisIsAwayAndShowsMySqlsUnits() {
        when(redis.execute(any(RedisScript.class), eq(KEYS), eq("3"), eq("50"), eq("50")))
                .thenThrow(new RedisConnectionFailureException("down"));
        when(values.get(SeckillKeys.stock(7))).thenThrow(new RedisConnectionFailureException("down"));

        stockTopUps.add(7, 50, 1);

        verify(catalog).replace(AFTER, 70);
        verifyNoInteractions(announcement);
    }

    @Test
    void aWarmUpHoldingTheLockTooLongMakesTheTopUpBusyBeforeMySqlIsTouched() throws InterruptedException {
        when(lock.tryLock(5, 30, TimeUnit.SECONDS)).thenReturn(false);

        assertThatThrownBy(() -> stockTopUps.add(7, 50, 1)).isInstanceOf(Refusals.SaleBusy.class);

        verifyNoInteractions(store);
        verify(lock, never()).unlock();
    }

    @Test
    void theSweepGivesRedisEveryRecordedTopUpAndOneFailureStopsNoOther() {
        when(topUps.ofLiveActivities(NOW)).thenReturn(List.of(new TopUp(3, 7, 50), new TopUp(4, 8, 5)));
        when(redis.execute(any(RedisScript.class), eq(KEYS), eq("3"), eq("50"), eq("50")))
                .thenThrow(new RedisConnectionFailureException("down"));
        List<String> otherKeys = List.of(SeckillKeys.stock(8), SeckillKeys.info(8), SeckillKeys.topUps(8));
        when(redis.execute(any(RedisScript.class), eq(otherKeys), eq("4"), eq("5"), eq("5"))).thenReturn(1L);

        stockTopUps.sweep();

        verify(announcement).onSaleAgain(8);
        verify(announcement, never()).onSaleAgain(7);
        verifyNoInteractions(redisson);
    }

    @Test
    void mySqlRaisesStockOnlyOfAKnownSaleThatHasNotEndedAndStaysWithinTheMostUnits() {
        ActivityStore rows = new ActivityStore(mapper, topUps, audit);
        when(topUps.lock(7)).thenReturn(null);
        assertThatThrownBy(() -> rows.topUp(7, 5, 1, NOW)).isInstanceOf(Refusals.UnknownActivity.class);

        when(topUps.lock(7)).thenReturn(activity(100, 20, NOW));
        assertThatThrownBy(() -> rows.topUp(7, 5, 1, NOW)).isInstanceOf(Refusals.SaleOver.class)
                .extracting(e -> ((SeckillException) e).code()).isEqualTo(ErrorCode.CONFLICT);

        when(topUps.lock(7)).thenReturn(activity(AddStockRequest.MAX_TOTAL - 10, 0, NOW.plusSeconds(1)));
        assertThatThrownBy(() -> rows.topUp(7, 11, 1, NOW)).isInstanceOf(SeckillException.class)
                .extracting(e -> ((SeckillException) e).code()).isEqualTo(ErrorCode.BAD_REQUEST);
        verify(topUps, never()).raise(anyLong(), anyInt());
    }

    @Test
    void aTopUpRaisesTheRowRecordsItAndAuditsBeforeAndAfter() {
        ActivityStore rows = new ActivityStore(mapper, topUps, audit);
        when(topUps.lock(7)).thenReturn(BEFORE);
        when(mapper.findById(7)).thenReturn(AFTER);
        doAnswer(call -> {
            call.<NewTopUp>getArgument(0).id = 3L;
            return null;
        }).when(topUps).insert(any(NewTopUp.class));

        ActivityStore.Raised raised = rows.topUp(7, 50, 1, NOW);

        verify(topUps).raise(7, 50);
        assertThat(raised.activity()).isEqualTo(AFTER);
        assertThat(raised.topUp()).isEqualTo(new TopUp(3, 7, 50));
        verify(audit).record(1, AuditLog.STOCK_ADD, 7L, Map.of("stockTotal", 100, "stock", 20),
                Map.of("stockTotal", 150, "stock", 70, "added", 50));
    }

    @Test
    void anAdditionIsOneUnitToTheMostAnActivityHolds() {
        Validator validator = Validation.buildDefaultValidatorFactory().getValidator();

        assertThat(validator.validate(new AddStockRequest(1))).isEmpty();
        assertThat(validator.validate(new AddStockRequest(AddStockRequest.MAX_TOTAL))).isEmpty();
        for (Integer bad : new Integer[] {null, 0, -1, AddStockRequest.MAX_TOTAL + 1}) {
            assertThat(validator.validate(new AddStockRequest(bad))).as("add = %s", bad).hasSize(1);
        }
    }

    private static Activity activity(int stockTotal, int stock, Instant end) {
        return new Activity(7, 2, "Phone", new BigDecimal("9.90"), stockTotal, stock, NOW.minusSeconds(600), end, false);
    }

    @Test
    void aTopUpOfASaleSoldFromSeveralBucketsGivesEachItsShareAndEveryBucketTheNewTotal() {
        List<StockBucket> buckets = SeckillKeys.buckets(7, 3);
        when(catalog.buckets(7)).thenReturn(buckets);
        List<String> shares = new ArrayList<>();
        when(redis.execute(any(RedisScript.class), anyList(), any(), any(), any())).thenAnswer(call -> {
            List<String> keys = call.getArgument(1);
            StockBucket bucket = buckets.stream().filter(b -> b.stock().equals(keys.get(0))).findFirst().orElseThrow();
            assertThat(keys).containsExactly(bucket.stock(), bucket.info(), bucket.topUps());
            assertThat(call.<String>getArgument(2)).isEqualTo("3");
            assertThat(call.<String>getArgument(4)).isEqualTo("50");
            shares.add(bucket.index() + ":" + call.getArgument(3));
            return 1L;
        });

        stockTopUps.add(7, 50, 1);

        assertThat(shares).containsExactlyInAnyOrder("0:17", "1:17", "2:16");
        verify(announcement).onSaleAgain(7);
    }
}
