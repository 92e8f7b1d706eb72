package com.seckill.ops.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** ./seckill chaos's options: what the launcher is told to run, or why not, before anything is stopped. */
class ChaosOptionsTest {

    @Test
    void theSuiteOrTheNemesisWithItsSeedsAndMinutes() {
        assertThat(ChaosOptions.parse(List.of()).line()).isEqualTo("false - - -");
        assertThat(ChaosOptions.parse(List.of("--nemesis")).line()).isEqualTo("true - - -");
        assertThat(ChaosOptions.parse(List.of("--nemesis", "--seed", "42", "--minutes", "1.5")).line()).isEqualTo("true 42 - 1.5");
        assertThat(ChaosOptions.parse(List.of("--nemesis", "--seeds", "5,6,7")).line()).isEqualTo("true - 5,6,7 -");
    }

    @Test
    void whatCannotRunIsRefusedSayingWhy() {
        assertThatThrownBy(() -> ChaosOptions.parse(List.of("--seed", "42"))).hasMessageContaining("go with --nemesis");
        assertThatThrownBy(() -> ChaosOptions.parse(List.of("--nemesis", "--seed", "4x2"))).hasMessageContaining("whole number");
        assertThatThrownBy(() -> ChaosOptions.parse(List.of("--nemesis", "--seed", "1", "--seeds", "2,3"))).hasMessageContaining("not both");
        assertThatThrownBy(() -> ChaosOptions.parse(List.of("--nemesis", "--seeds", "2,,3"))).hasMessageContaining("separated by commas");
        assertThatThrownBy(() -> ChaosOptions.parse(List.of("--nemesis", "--minutes", "5m"))).hasMessageContaining("number of minutes");
        assertThatThrownBy(() -> ChaosOptions.parse(List.of("--nemesis", "--minutes"))).hasMessageContaining("needs a value");
        assertThatThrownBy(() -> ChaosOptions.parse(List.of("--kill-everything"))).hasMessageContaining("unknown chaos option");
    }
}
