package com.seckill.web.openapi;

import com.seckill.common.error.ErrorCode;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The problem codes an operation can answer besides its success (documented as RFC 9457 problems). */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface Answers {

    ErrorCode[] value();
}
