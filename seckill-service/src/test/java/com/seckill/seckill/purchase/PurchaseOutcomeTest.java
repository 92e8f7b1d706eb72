package com.seckill.seckill.purchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The purchase script's answers (contract §5's codes, and 3 for a bad path). */
class PurchaseOutcomeTest {

    @Test
    void scriptAnswersMapToOutcomes() {
        assertThat(PurchaseOutcome.of(1)).isEqualTo(PurchaseOutcome.SUCCESS);
        assertThat(PurchaseOutcome.of(0)).isEqualTo(PurchaseOutcome.SOLD_OUT);
        assertThat(PurchaseOutcome.of(2)).isEqualTo(PurchaseOutcome.DUPLICATE);
        assertThat(PurchaseOutcome.of(-1)).isEqualTo(PurchaseOutcome.NOT_WARMED);
        assertThat(PurchaseOutcome.of(3)).isEqualTo(PurchaseOutcome.BAD_PATH);
        assertThatThrownBy(() -> PurchaseOutcome.of(4)).isInstanceOf(IllegalArgumentException.class);
    }
}
