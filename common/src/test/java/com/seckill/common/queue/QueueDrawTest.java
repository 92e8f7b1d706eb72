package com.seckill.common.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QueueDrawTest {

    @Test
    void everyPlaceFromOneToNIsGivenOnceWhateverN() {
        for (long n : new long[] {1, 2, 3, 7, 64, 65, 1000, 2049}) {
            Set<Long> places = new HashSet<>();
            for (long j = 1; j <= n; j++) {
                long place = QueueDraw.place("seed-" + n, n, j);
                assertThat(place).isBetween(1L, n);
                places.add(place);
            }
            assertThat(places).as("n = %d", n).hasSize((int) n);
        }
    }

    @Test
    void theDrawIsTheSameForTheSameSeedAndAnotherForAnother() {
        assertThat(QueueDraw.place("audit-me", 5000, 1234)).isEqualTo(QueueDraw.place("audit-me", 5000, 1234));
        long same = 0;
        for (long j = 1; j <= 200; j++) {
            same += QueueDraw.place("one", 200, j) == QueueDraw.place("two", 200, j) ? 1 : 0;
        }
        assertThat(same).as("places two seeds agree on, of 200").isLessThan(10);
    }

    @Test
    void placesAreUncorrelatedWithTheOrderOfJoining() {
        int n = 2000;
        double sumD2 = 0;
        for (long j = 1; j <= n; j++) {
            double d = j - QueueDraw.place("fair-start", n, j);
            sumD2 += d * d;
        }
        double spearman = 1 - 6 * sumD2 / ((double) n * ((double) n * n - 1));
        assertThat(Math.abs(spearman)).as("Spearman's rho of join order and place").isLessThan(0.1);
    }

    @Test
    void aJoinNumberOutsideTheDrawIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> QueueDraw.place("s", 10, 11));
        assertThatIllegalArgumentException().isThrownBy(() -> QueueDraw.place("s", 10, 0));
    }
}
