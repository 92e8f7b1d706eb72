package com.seckill.common.validation;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.TemporalAccessor;

/** See {@link InstantWithin}. */
public final class InstantWithinValidator implements ConstraintValidator<InstantWithin, TemporalAccessor> {

    private Duration past;
    private Duration future;

    @Override
    public void initialize(InstantWithin annotation) {
        this.past = Duration.ofDays(annotation.pastDays());
        this.future = Duration.ofDays(annotation.futureDays());
    }

    @Override
    public boolean isValid(TemporalAccessor value, ConstraintValidatorContext context) {
        if (value == null) {
            return true;
        }
        Instant instant;
        try {
            instant = Instant.from(value);
        } catch (DateTimeException e) {
            return false;
        }
        Instant now = context.getClockProvider().getClock().instant();
        return !instant.isBefore(now.minus(past)) && !instant.isAfter(now.plus(future));
    }
}
