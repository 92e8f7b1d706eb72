package com.seckill.seckill.activity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.seckill.seckill.Refusals;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ValueOperations;

/**
 * What the catalog tells about an activity it does not hold. Found by the nemesis (seed 5): seckill-service
 * instances that had not read MySQL since the sale was created (MySQL partitioned away meanwhile) answered
 * 404 NOT_FOUND to shoppers of a sale that existed.
 */
class ActivityCatalogTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");
    private static final Activity SALE = new Activity(7, 2, "Phone", BigDecimal.TEN, 10, 10, NOW, NOW.plusSeconds(3600), false);
    private static final Activity NEW_SALE = new Activity(8, 2, "Tablet", BigDecimal.TEN, 5, 5, NOW, NOW.plusSeconds(3600), false);

    private final ActivityMapper mapper = mock(ActivityMapper.class);
    private final MovableClock clock = new MovableClock(NOW);
    private final ActivityCatalog catalog;

    @SuppressWarnings("unchecked")
    ActivityCatalogTest() {
        StringRedisTemplate redis = mock(StringRedisTemplate.class);
        ValueOperations<String, String> values = mock(ValueOperations.class);
        when(redis.opsForValue()).thenReturn(values);
        when(values.multiGet(anyList())).thenAnswer(call -> ((List<?>) call.getArgument(0)).stream().map(key -> "5").toList());
        when(mapper.findCurrentRooms(any())).thenReturn(List.of());
        catalog = new ActivityCatalog(mapper, new CatalogLoader(mapper, redis), clock, new StockGauge(new SimpleMeterRegistry(), clock));
    }

    @Test
    void beforeMySqlEverAnsweredAnActivityItDoesNotHoldIsTryAgainNotUnknown() {
        when(mapper.findCurrent(any())).thenThrow(new DataAccessResourceFailureException("MariaDB unreachable"));
        catalog.refresh();

        assertThatThrownBy(() -> catalog.find(7)).isInstanceOf(Refusals.SalePreparing.class);
        assertThatThrownBy(catalog::views).as("not an empty list: there may be sales").isInstanceOf(Refusals.SalePreparing.class);
        assertThat(catalog.held(7)).as("jobs are not refused: they look again").isEmpty();
    }

    @Test
    void aSaleCreatedOnAnotherInstanceIsReadAtOnceAndUnknownMeansMySqlJustSaidSo() {
        when(mapper.findCurrent(any())).thenReturn(List.of(SALE));
        catalog.refresh();
        assertThat(catalog.find(7)).contains(SALE);
        assertThat(catalog.find(9)).as("MySQL read just now: there is none").isEmpty();

        when(mapper.findCurrent(any())).thenReturn(List.of(SALE, NEW_SALE));
        assertThat(catalog.find(8)).as("read less than half a second ago: still unknown").isEmpty();
        clock.advance(Duration.ofMillis(ActivityCatalog.MISS_READ_MILLIS + 1));
        assertThat(catalog.find(8)).as("created since: read again before answering").contains(NEW_SALE);
        assertThat(catalog.find(9)).isEmpty();
        verify(mapper, times(2)).findCurrent(any());
    }

    @Test
    void whileMySqlIsAwayWhatIsHeldIsServedAndWhatIsNotIsTryAgain() {
        when(mapper.findCurrent(any())).thenReturn(List.of(SALE));
        catalog.refresh();
        when(mapper.findCurrent(any())).thenThrow(new DataAccessResourceFailureException("MariaDB unreachable"));
        clock.advance(Duration.ofSeconds(1));

        assertThat(catalog.find(7)).as("still served from memory").contains(SALE);
        assertThatThrownBy(() -> catalog.find(8)).isInstanceOf(Refusals.SalePreparing.class);
        assertThatThrownBy(() -> catalog.find(8)).as("no second read right after one failed").isInstanceOf(Refusals.SalePreparing.class);
        verify(mapper, times(2)).findCurrent(any());
        assertThat(catalog.views()).extracting(ActivityView::id).containsExactly(7L);
    }

    /**
     * Found by CI: a request for an unknown activity that came while the schedule's read was under way was answered
     * 503 "try again" instead of 404. It now waits for that read (bounded) and answers what it found.
     */
    @Test
    void anUnknownActivityAskedForDuringTheSchedulesReadWaitsForItAndIsUnknown() throws Exception {
        ScheduledRead read = scheduledReadUnderWay();

        AtomicReference<Object> answer = new AtomicReference<>();
        Thread request = new Thread(() -> answer.set(attempt(9)));
        request.start();
        Awaitility.await().atMost(Duration.ofSeconds(10))
                .until(() -> request.getState() == Thread.State.TIMED_WAITING || !request.isAlive());
        read.end();
        request.join(10_000);

        assertThat(answer.get()).as("MySQL just said so: unknown, not try again").isEqualTo(Optional.empty());
        verify(mapper, times(2)).findCurrent(any());
    }

    @Test
    void aReadUnderWayThatDoesNotEndInTimeIsTryAgain() throws Exception {
        ScheduledRead read = scheduledReadUnderWay();
        try {
            assertThat(attempt(9)).as("MySQL slow: the request is not held longer").isInstanceOf(Refusals.SalePreparing.class);
        } finally {
            read.end();
        }
    }

    /** The schedule's read, begun a second after the last one and held in MySQL until {@link ScheduledRead#end}. */
    private ScheduledRead scheduledReadUnderWay() throws InterruptedException {
        when(mapper.findCurrent(any())).thenReturn(List.of(SALE));
        catalog.refresh();
        clock.advance(Duration.ofSeconds(1));
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        when(mapper.findCurrent(any())).thenAnswer(call -> {
            entered.countDown();
            release.await(10, TimeUnit.SECONDS);
            return List.of(SALE);
        });
        CompletableFuture<Void> schedule = CompletableFuture.runAsync(catalog::refresh);
        assertThat(entered.await(10, TimeUnit.SECONDS)).as("the schedule's read began").isTrue();
        return new ScheduledRead(release, schedule);
    }

    private record ScheduledRead(CountDownLatch release, CompletableFuture<Void> schedule) {

        void end() throws Exception {
            release.countDown();
            schedule.get(10, TimeUnit.SECONDS);
        }
    }

    private Object attempt(long id) {
        try {
            return catalog.find(id);
        } catch (RuntimeException e) {
            return e;
        }
    }
}
