package com.seckill.common.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WellFormedUtf8Test {

    private static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    @Test
    void utf8AsEncodersWriteItIsWellFormed() {
        assertThat(WellFormedUtf8.check("{\"goodsName\":\"手机 \uD83D\uDCF1 café\"}".getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(WellFormedUtf8.check(new byte[0])).isTrue();
    }

    @Test
    void overlongFormsEncodedSurrogatesAndTruncatedSequencesAreNot() {
        assertThat(WellFormedUtf8.check(bytes('"', 0xC0, 0xAF, '"'))).as("overlong '/'").isFalse();
        assertThat(WellFormedUtf8.check(bytes(0xE0, 0x80, 0xAF))).as("3-byte overlong '/'").isFalse();
        assertThat(WellFormedUtf8.check(bytes(0xED, 0xA0, 0x80))).as("encoded surrogate U+D800").isFalse();
        assertThat(WellFormedUtf8.check(bytes('a', 0xE6, 0x89))).as("truncated").isFalse();
        assertThat(WellFormedUtf8.check(bytes(0xFF))).isFalse();
        assertThat(WellFormedUtf8.check(bytes(0xF4, 0x90, 0x80, 0x80))).as("beyond U+10FFFF").isFalse();
    }
}
