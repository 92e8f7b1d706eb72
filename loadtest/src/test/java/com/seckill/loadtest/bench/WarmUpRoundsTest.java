package com.seckill.loadtest.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WarmUpRoundsTest {

    /** How many rounds are run for these successive rates. */
    private static int roundsFor(double... rates) {
        WarmUpRounds rounds = new WarmUpRounds();
        int run = 0;
        for (double rate : rates) {
            run++;
            if (!rounds.another(rate)) {
                return run;
            }
        }
        throw new AssertionError("still warming after " + rates.length + " rounds");
    }

    @Test
    void warmsUntilARoundGainsLessThanFivePercentOnTheBestBeforeIt() {
        // the climb of a run on a slow machine: it levels at the eighth round
        assertThat(roundsFor(30, 66, 91, 135, 160, 203, 230, 225, 240)).isEqualTo(8);
        assertThat(roundsFor(100, 104)).isEqualTo(2);
        assertThat(roundsFor(100, 106, 110)).isEqualTo(3);
        // a round that falls back does not lower the bar
        assertThat(roundsFor(100, 200, 150, 205)).isEqualTo(3);
    }

    @Test
    void atLeastTwoRoundsAndAtMostNine() {
        assertThat(roundsFor(500, 10)).isEqualTo(WarmUpRounds.MIN_ROUNDS);
        assertThat(roundsFor(1, 2, 4, 8, 16, 32, 64, 128, 256, 512)).isEqualTo(WarmUpRounds.MAX_ROUNDS);
    }
}
