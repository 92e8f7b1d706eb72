package com.seckill.common.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A warm-up runs its least number of rounds, then until a round is no faster than the best, within its time. */
class WarmUpRoundsTest {

    private static final long MS = 1_000_000;

    @Test
    void roundsGoOnWhileTheyGetFasterAndStopOnceTheyLevel() {
        WarmUpRounds rounds = new WarmUpRounds(Duration.ofMinutes(1), 0);

        assertThat(rounds.another(900 * MS)).isTrue();
        assertThat(rounds.another(800 * MS)).as("before the third round nothing has levelled").isTrue();
        assertThat(rounds.another(500 * MS)).as("much faster: the JIT is still at work").isTrue();
        assertThat(rounds.another(490 * MS)).as("within 5 % of the best: levelled").isFalse();
        assertThat(rounds.rounds()).isEqualTo(4);
        assertThat(rounds.best()).isEqualTo(Duration.ofMillis(490));
    }

    @Test
    void theLeastNumberOfRoundsIsRunHoweverFlatTheyLook() {
        WarmUpRounds rounds = new WarmUpRounds(Duration.ofMinutes(1), 6);

        for (int i = 1; i < 6; i++) {
            assertThat(rounds.another(100 * MS)).as("round %d of at least 6", i).isTrue();
        }
        assertThat(rounds.another(100 * MS)).isFalse();
    }

    @Test
    void theTimeAllowedEndsItWhateverTheRounds() {
        WarmUpRounds rounds = new WarmUpRounds(Duration.ofSeconds(2), 100);

        assertThat(rounds.another(1_500 * MS)).isTrue();
        assertThat(rounds.another(600 * MS)).as("2.1 s spent of 2").isFalse();
    }
}
