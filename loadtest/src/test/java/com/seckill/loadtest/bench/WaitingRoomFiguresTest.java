package com.seckill.loadtest.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WaitingRoomFiguresTest {

    @Test
    void spearmanIsOneForTheSameOrderMinusOneForTheReverseAndNearZeroForAShuffle() {
        List<long[]> same = new ArrayList<>();
        List<long[]> reverse = new ArrayList<>();
        List<long[]> shuffled = new ArrayList<>();
        java.util.Random random = new java.util.Random(42);
        List<Long> places = new ArrayList<>();
        for (long i = 1; i <= 2000; i++) {
            places.add(i);
        }
        java.util.Collections.shuffle(places, random);
        for (int i = 0; i < 2000; i++) {
            same.add(new long[] {i, i * 3L});
            reverse.add(new long[] {i, -i});
            shuffled.add(new long[] {i, places.get(i)});
        }
        assertThat(WaitingRoomFigures.spearman(same)).isCloseTo(1.0, within(1e-9));
        assertThat(WaitingRoomFigures.spearman(reverse)).isCloseTo(-1.0, within(1e-9));
        assertThat(Math.abs(WaitingRoomFigures.spearman(shuffled))).isLessThan(0.1);
    }

    @Test
    void percentilesAreReadOffTheSortedLatencies() {
        List<Long> nanos = new ArrayList<>();
        for (long ms = 1; ms <= 100; ms++) {
            nanos.add(ms * 1_000_000);
        }
        assertThat(WaitingRoomFigures.percentileMs(nanos, 0.5)).isEqualTo(50);
        assertThat(WaitingRoomFigures.percentileMs(nanos, 0.99)).isEqualTo(99);
        assertThat(WaitingRoomFigures.percentileMs(List.of(), 0.99)).isZero();
    }
}
