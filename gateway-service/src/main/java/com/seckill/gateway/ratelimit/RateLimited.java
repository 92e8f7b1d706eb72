package com.seckill.gateway.ratelimit;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.gateway.error.ProblemHeaders;
import java.time.Duration;
import org.springframework.http.HttpHeaders;

/** The caller spent its allowance (its address, its user or the activity's); it may try again after the wait. */
class RateLimited extends SeckillException implements ProblemHeaders {

    private final long retryAfterSeconds;

    RateLimited(Duration wait) {
        this(Math.max(1, (wait.toMillis() + 999) / 1000));
    }

    private RateLimited(long retryAfterSeconds) {
        super(ErrorCode.RATE_LIMITED, "Too many requests: try again in " + retryAfterSeconds + " s");
        this.retryAfterSeconds = retryAfterSeconds;
    }

    @Override
    public void writeTo(HttpHeaders headers) {
        headers.set(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds));
    }
}
