package com.seckill.common.validation;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Text a person will read (a goods name, a reason): something visible remains once Unicode
 * whitespace and invisible characters (zero-width, BOM, fillers) are taken away, and nothing in it
 * is a control character or half of a surrogate pair (MySQL would store '?' for it). Null is valid:
 * combine with {@code @NotNull} where the text is required.
 */
@Documented
@Constraint(validatedBy = VisibleTextValidator.class)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
public @interface VisibleText {

    String message() default "must contain visible characters, and no control or unpaired surrogate characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
