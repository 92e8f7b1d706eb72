package com.seckill.web.trust;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An internal endpoint: callable by another service holding {@link #value() the scope}, never by a
 * request the gateway forwarded. Every handler under {@code /internal/} must carry it: one without
 * it is refused to everybody.
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface ServiceOnly {

    /** The scope the calling service's token must hold. */
    String value();
}
