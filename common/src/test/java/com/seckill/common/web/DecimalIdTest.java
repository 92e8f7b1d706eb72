package com.seckill.common.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DecimalIdTest {

    @Test
    void plainAsciiDecimalIsRead() {
        assertThat(DecimalId.parse("16")).isEqualTo(16);
        assertThat(DecimalId.parse("0")).isZero();
        assertThat(DecimalId.parse("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0x10", "#10", "+1", "-1", " 1", "1 ", "01", "0000000000000000001", "\uFF11", "\u0661",
            "1e3", "1.0", "", "9223372036854775808", "99999999999999999999", "1_000"})
    void everyOtherSpellingIsRefused(String text) {
        assertThatIllegalArgumentException().as(text).isThrownBy(() -> DecimalId.parse(text));
    }
}
