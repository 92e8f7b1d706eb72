package com.seckill.seckill.activity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.seckill.seckill.Refusals;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ValueOperations;

/**
 * What the catalog tells about an activity it does not hold. Found by the nemesis (seed 5): a seckill-service
 * started while MySQL was partitioned answered 404 NOT_FOUND to shoppers of a sale that existed.
 */
class ActivityCatalogTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");
    private static final Activity SALE = new Activity(7, 2, "Phone", BigDecimal.TEN, 10, 10, NOW, NOW.plusSeconds(3600), false);

    private final ActivityMapper mapper = mock(ActivityMapper.class);
    private final ActivityCatalog catalog;

    @SuppressWarnings("unchecked")
    ActivityCatalogTest() {
        StringRedisTemplate redis = mock(StringRedisTemplate.class);
        ValueOperations<String, String> values = mock(ValueOperations.class);
        when(redis.opsForValue()).thenReturn(values);
        when(values.multiGet(anyList())).thenReturn(List.of("10"));
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        catalog = new ActivityCatalog(mapper, redis, clock, new StockGauge(new SimpleMeterRegistry(), clock));
    }

    @Test
    void beforeMySqlAnsweredAnActivityItDoesNotHoldIsTryAgainNotUnknown() {
        when(mapper.findCurrent(any())).thenThrow(new DataAccessResourceFailureException("MariaDB unreachable"));
        catalog.refresh();

        assertThatThrownBy(() -> catalog.find(7)).isInstanceOf(Refusals.SalePreparing.class);
        assertThatThrownBy(catalog::views).as("not an empty list: there may be sales").isInstanceOf(Refusals.SalePreparing.class);
        assertThat(catalog.held(7)).as("jobs are not refused: they look again").isEmpty();
    }

    @Test
    void onceMySqlAnsweredAnActivityItDoesNotHoldIsUnknownEvenWhileMySqlIsAwayAgain() {
        when(mapper.findCurrent(any())).thenReturn(List.of(SALE));
        when(mapper.findCurrentRooms(any())).thenReturn(List.of());
        catalog.refresh();
        assertThat(catalog.find(7)).contains(SALE);
        assertThat(catalog.find(8)).isEmpty();

        when(mapper.findCurrent(any())).thenThrow(new DataAccessResourceFailureException("MariaDB unreachable"));
        catalog.refresh();
        assertThat(catalog.find(7)).as("still served from memory").contains(SALE);
        assertThat(catalog.find(8)).isEmpty();
        assertThat(catalog.views()).extracting(ActivityView::id).containsExactly(7L);
    }
}
