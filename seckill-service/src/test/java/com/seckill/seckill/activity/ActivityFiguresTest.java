package com.seckill.seckill.activity;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ActivityFiguresTest {

    private static final Instant START = Instant.parse("2030-01-01T10:00:00Z");
    private static final Activity ACTIVITY = new Activity(1, 2, "Phone", new BigDecimal("9.90"), 10, 7,
            START, START.plusSeconds(3600), false);

    @Test
    void statusFollowsTheClockAndTheUnitsLeft() {
        assertThat(ActivityView.of(ACTIVITY, 7, null, START.minusSeconds(1)).status()).isEqualTo("UPCOMING");
        assertThat(ActivityView.of(ACTIVITY, 7, null, START).status()).isEqualTo("ONGOING");
        assertThat(ActivityView.of(ACTIVITY, 0, null, START.plusSeconds(5)).status()).isEqualTo("SOLD_OUT");
        assertThat(ActivityView.of(ACTIVITY, 7, null, START.plusSeconds(3600)).status()).isEqualTo("ENDED");
        assertThat(ActivityView.of(ACTIVITY, -1, null, START).stockLeft()).isZero();
    }

    @Test
    void statsAreConsistentOnlyWhenBothSidesBalanceAndNothingIsInFlight() {
        Map<String, Long> orders = Map.of("PENDING", 2L, "PAID", 1L, "CLOSED", 4L);

        assertThat(ActivityStats.of(ACTIVITY, true, 7, orders, 0, 3, 0, 0).consistent()).isTrue();
        assertThat(ActivityStats.of(ACTIVITY, true, 6, orders, 0, 3, 0, 0).consistent()).as("Redis short of a unit").isFalse();
        assertThat(ActivityStats.of(ACTIVITY, true, 7, orders, 1, 3, 0, 0).consistent()).as("outbox not drained").isFalse();
        assertThat(ActivityStats.of(ACTIVITY, true, 7, orders, 0, 4, 0, 0).consistent()).as("a holder without an order").isFalse();
        assertThat(ActivityStats.of(ACTIVITY, true, null, orders, 0, 3, 0, 0).consistent()).as("not warmed").isFalse();
        assertThat(ActivityStats.of(ACTIVITY, true, 7, orders, 0, 3, 1, 0).consistent()).as("a request unsettled").isFalse();
        assertThat(ActivityStats.of(ACTIVITY, true, 7, orders, 0, 3, 0, 0).liveOrders()).isEqualTo(3);
        assertThat(ActivityStats.of(ACTIVITY, false, 7, orders, 0, 3, 0, 0).consistent())
                .as("Redis lost its figures and they wait to be rebuilt").isFalse();
        assertThat(ActivityStats.of(ACTIVITY, true, 7, null, 0, 3, 0, 0).consistent())
                .as("order-service could not be asked").isFalse();
    }
}
