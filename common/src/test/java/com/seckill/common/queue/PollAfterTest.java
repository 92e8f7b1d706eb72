package com.seckill.common.queue;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a waiting shopper is told about when to ask again: 1 to 10 s, growing with the wait, spread. */
class PollAfterTest {

    @Test
    void beforeTheStartEveryoneComesBackWithinThreeSecondsAfterIt() {
        assertThat(PollAfter.beforeStart(4_000, 0)).isEqualTo(4_000);
        assertThat(PollAfter.beforeStart(4_000, 0.999)).isEqualTo(6_997);
        assertThat(PollAfter.beforeStart(600_000, 0.5)).as("far from the start: every 10 s").isEqualTo(10_000);
        assertThat(PollAfter.beforeStart(-500, 0)).as("the start just passed").isEqualTo(1_000);
    }

    @Test
    void waitingItIsHalfTheExpectedWaitSpreadByAFifthEitherWayWithinOneToTenSeconds() {
        assertThat(PollAfter.waiting(8, 0.5)).isEqualTo(4_000);
        assertThat(PollAfter.waiting(8, 0)).isEqualTo(3_200);
        assertThat(PollAfter.waiting(8, 0.999)).isBetween(4_790L, 4_800L);
        assertThat(PollAfter.waiting(0, 0.5)).as("next in line").isEqualTo(1_000);
        assertThat(PollAfter.waiting(3_600, 0.5)).as("an hour away").isEqualTo(10_000);
        for (long eta = 0; eta < 100; eta++) {
            assertThat(PollAfter.waiting(eta, 0.3)).isBetween(PollAfter.MIN_MS, PollAfter.MAX_MS)
                    .isLessThanOrEqualTo(PollAfter.waiting(eta + 1, 0.3));
        }
    }

    @Test
    void behindMoreShoppersThanUnitsLeftItComesBackWhenThoseUnitsWillHaveBeenLetIn() {
        // 3,000 ahead at 150 a second (20 s), 1,050 units left (7 s): back in 7 s, not 10
        assertThat(PollAfter.waiting(20, 7, 0)).isEqualTo(7_000);
        assertThat(PollAfter.waiting(20, 7, 0.999)).isBetween(8_390L, 8_400L);
        // 2,000 ahead (14 s), 300 units left (2 s): not every 2 s, but no later than 3 s
        assertThat(PollAfter.waiting(14, 2, 0)).isEqualTo(PollAfter.FAR_BACK_MS).isEqualTo(3_000);
        assertThat(PollAfter.waiting(14, 0, 0.5)).as("no units left").isEqualTo(3_300);
        assertThat(PollAfter.waiting(4, 30, 0.5)).as("the wait is the shorter").isEqualTo(PollAfter.waiting(4, 0.5));
        assertThat(PollAfter.waiting(6, 0, 0.5)).as("the wait is the shorter").isEqualTo(PollAfter.waiting(6, 0.5));
    }
}
