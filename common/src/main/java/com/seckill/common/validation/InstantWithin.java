package com.seckill.common.validation;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An instant ({@code Instant}, {@code OffsetDateTime}, {@code ZonedDateTime}) no more than
 * {@link #pastDays()} before and {@link #futureDays()} after now, by the validator's clock. Any such
 * window is far inside what MySQL's DATETIME stores (years 1000-9999), so an instant that passes is
 * one the database takes; year 1 or 10000 is a 400, not a failed INSERT. Null is valid.
 */
@Documented
@Constraint(validatedBy = InstantWithinValidator.class)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
public @interface InstantWithin {

    long pastDays();

    long futureDays();

    String message() default "must be at most {pastDays} days in the past and {futureDays} days in the future";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
