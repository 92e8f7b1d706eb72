package com.seckill.web.overload;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limit.FixedLimit;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import com.seckill.common.error.ErrorCode;
import com.seckill.web.problem.ApiProblemHandler;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The service's own bound on what it takes at once (Netflix concurrency-limits, a fixed limit below
 * Tomcat's threads), in front of everything else: a request beyond it is answered {@code 503 BUSY} with
 * {@code Retry-After} without a thread spent on its work, so a burst is refused in milliseconds instead
 * of waiting in Tomcat's queue until its connection is reset. The adaptive limit is the gateway's: two
 * adaptive limits in a row read each other's refusals as latency and drive each other down. Health checks and metrics are never shed (a shed probe would take a busy instance out of
 * rotation and make everything worse), nor event streams (they hold no thread while they wait).
 * {@code seckill_service_shed_total}, {@code seckill_service_concurrency_inflight}.
 */
public class ConcurrencyGuard extends OncePerRequestFilter {

    private static final String ACTUATOR = "/actuator";
    private static final String EVENTS = "/events";

    private final SimpleLimiter<Void> limiter;
    private final Counter shed;
    private final ObjectMapper json;

    public ConcurrencyGuard(OverloadProperties properties, MeterRegistry meters, ObjectMapper json) {
        this.limiter = SimpleLimiter.newBuilder().limit(FixedLimit.of(properties.maxConcurrency())).build();
        this.shed = Counter.builder("seckill.service.shed").description("Requests answered 503 BUSY unstarted: the service was at its limit")
                .register(meters);
        Gauge.builder("seckill.service.concurrency.inflight", limiter, SimpleLimiter::getInflight)
                .description("Requests the service is working on").register(meters);
        this.json = json;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI();
        return path.startsWith(ACTUATOR) || path.endsWith(EVENTS);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<Limiter.Listener> slot = limiter.acquire(null);
        if (slot.isEmpty()) {
            shed.increment();
            response.setStatus(ErrorCode.BUSY.status());
            response.setHeader(HttpHeaders.RETRY_AFTER, ApiProblemHandler.RETRY_AFTER_SECONDS);
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            json.writeValue(response.getOutputStream(), ApiProblemHandler.problem(ErrorCode.BUSY,
                    "Too many requests at once: nothing was done, try again in a moment"));
            return;
        }
        Limiter.Listener listener = slot.get();
        boolean finished = false;
        try {
            chain.doFilter(request, response);
            finished = true;
        } finally {
            if (!finished) {
                listener.onIgnore();
            } else if (response.getStatus() == ErrorCode.BUSY.status()) {
                listener.onDropped();
            } else {
                listener.onSuccess();
            }
        }
    }
}
