package com.seckill.common.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VisibleTextValidatorTest {

    @ParameterizedTest
    @ValueSource(strings = {"Demo phone", "手机", " padded ", "café", "e\u0301", "\uD83D\uDCF1 phone", "A"})
    void textWithSomethingToSeeIsVisible(String text) {
        assertThat(VisibleTextValidator.isVisible(text)).as(text).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\u3000\u3000", "\u2003", "\uFEFF", "\u200B\u200C\u200D", "\u2060", "\u00A0",
            "\u3164", "\u2800", "\u115F\u1160", "\u180E", "\u00AD", "\u202E"})
    void blankOrInvisibleTextIsNot(String text) {
        assertThat(VisibleTextValidator.isVisible(text)).as("U+%04X...", text.isEmpty() ? 0 : (int) text.charAt(0)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"phone\uD800", "\uDC00phone", "ph\uDBFFone", "phone\u0000", "phone\u0007", "line\nbreak", "\u0085x"})
    void controlCharactersAndLoneSurrogatesAreRefusedWhateverSurroundsThem(String text) {
        assertThat(VisibleTextValidator.isVisible(text)).isFalse();
    }
}
