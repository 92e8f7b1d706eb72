package com.seckill.gateway.error;

import org.springframework.http.HttpHeaders;

/** A failure whose problem answer needs headers besides the body, such as {@code Retry-After} on a 429. */
public interface ProblemHeaders {

    void writeTo(HttpHeaders headers);
}
