package com.seckill.common.validation;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.validation.ClockProvider;
import jakarta.validation.ConstraintValidatorContext;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class InstantWithinValidatorTest {

    private static final Instant NOW = Instant.parse("2026-12-02T00:00:00Z");

    record Window(@InstantWithin(pastDays = 1, futureDays = 10) Instant at) {
    }

    private final InstantWithinValidator validator = validator();

    private static InstantWithinValidator validator() {
        InstantWithinValidator validator = new InstantWithinValidator();
        validator.initialize(Window.class.getRecordComponents()[0].getAccessor().getAnnotation(InstantWithin.class));
        return validator;
    }

    /** The validator asks the context for its clock only. */
    private static ConstraintValidatorContext at(Instant now) {
        ClockProvider clocks = () -> Clock.fixed(now, ZoneOffset.UTC);
        return (ConstraintValidatorContext) Proxy.newProxyInstance(InstantWithinValidatorTest.class.getClassLoader(),
                new Class<?>[] {ConstraintValidatorContext.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getClockProvider")) {
                        return clocks;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void instantsInsideTheWindowPass() {
        assertThat(validator.isValid(NOW, at(NOW))).isTrue();
        assertThat(validator.isValid(NOW.minusSeconds(86_400), at(NOW))).isTrue();
        assertThat(validator.isValid(OffsetDateTime.parse("2026-12-12T00:00:00Z"), at(NOW))).isTrue();
        assertThat(validator.isValid(null, at(NOW))).isTrue();
    }

    @Test
    void instantsOutsideItFailDownToTheYearsMySqlCannotStore() {
        assertThat(validator.isValid(NOW.minusSeconds(86_401), at(NOW))).isFalse();
        assertThat(validator.isValid(OffsetDateTime.parse("2026-12-12T00:00:01Z"), at(NOW))).isFalse();
        assertThat(validator.isValid(OffsetDateTime.parse("+10000-01-01T00:00:00Z"), at(NOW))).isFalse();
        assertThat(validator.isValid(OffsetDateTime.parse("0001-01-01T00:00:00Z"), at(NOW))).isFalse();
        assertThat(validator.isValid(Instant.MIN, at(NOW))).isFalse();
        assertThat(validator.isValid(Instant.MAX, at(NOW))).isFalse();
    }
}
