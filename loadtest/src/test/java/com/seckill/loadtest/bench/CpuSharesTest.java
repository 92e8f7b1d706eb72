package com.seckill.loadtest.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuSharesTest {

    @Test
    void utimeAndStimeAreReadAfterACommandWithSpacesAndParentheses() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 731 122 0 0 20 0 50 0 123 456 789";
        assertThat(CpuShares.ticks(stat)).isEqualTo(731 + 122);
    }

    @Test
    void theCrowdsOwnCpuIsMeasuredAndAServiceNotRunningTookNone() {
        CpuShares shares = CpuShares.from(Path.of("/nonexistent"), List.of("gateway-service"));
        long until = System.nanoTime() + 200_000_000L;
        double spin = 0;
        while (System.nanoTime() < until) {
            spin += Math.sqrt(spin + 1);
        }
        Map<String, Double> cores = shares.cores();
        assertThat(spin).isPositive();
        assertThat(cores.get(CpuShares.CROWD)).as("this JVM's own CPU, spent spinning").isPositive();
        assertThat(cores.get("gateway-service")).isZero();
        assertThat(WaitingRoomFigures.cores(cores)).startsWith(String.format(java.util.Locale.ROOT, "%.2f;", cores.get(CpuShares.CROWD)))
                .endsWith(" 0.00, 0.00, 0.00, 0.00");
    }
}
