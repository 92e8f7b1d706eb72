package com.seckill.gateway.overload;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.gateway.error.ProblemHeaders;
import java.time.Duration;
import org.springframework.http.HttpHeaders;

/** The service has as many requests in flight as it finishes in time: this one is turned away, unstarted. */
class Shed extends SeckillException implements ProblemHeaders {

    private final Duration retryAfter;

    Shed(Duration retryAfter) {
        super(ErrorCode.BUSY, "Too many shoppers at once: nothing was done, try again in a moment");
        this.retryAfter = retryAfter;
    }

    @Override
    public void writeTo(HttpHeaders headers) {
        headers.set(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, retryAfter.toSeconds())));
    }
}
