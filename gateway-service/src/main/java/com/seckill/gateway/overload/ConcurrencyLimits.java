package com.seckill.gateway.overload;

import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limit.FixedLimit;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import com.netflix.concurrency.limits.limit.WindowedLimit;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * One adaptive limit per inner service (Netflix concurrency-limits, Gradient2): it grows while answers
 * stay as fast as they usually are and shrinks as soon as they slow down, so what is let through is
 * what the service and the gateway finish in time, whatever the machine. Exposed as
 * {@code seckill_gateway_concurrency_limit} and {@code seckill_gateway_concurrency_inflight}.
 */
@Component
public class ConcurrencyLimits {

    private static final Duration WINDOW = Duration.ofMillis(500);
    /** Answers may take twice their usual time before the limit comes down: on two cores, time is noisy. */
    private static final double RTT_TOLERANCE = 2.0;
    /** Operators' requests at once: far more than a team clicks, far less than a crowd. */
    private static final int ADMIN_LIMIT = 16;

    private final Map<Tier, SimpleLimiter<Void>> limiters = new EnumMap<>(Tier.class);
    private final OverloadProperties properties;

    ConcurrencyLimits(OverloadProperties properties, MeterRegistry meters) {
        this.properties = properties;
        for (Tier tier : Tier.values()) {
            limiters.put(tier, limiter(tier));
            Gauge.builder("seckill.gateway.concurrency.limit", limiters, all -> all.get(tier).getLimit())
                    .description("Concurrent requests the gateway lets through to the service").tag("tier", tier.tag())
                    .register(meters);
            Gauge.builder("seckill.gateway.concurrency.inflight", limiters, all -> all.get(tier).getInflight())
                    .description("Requests to the service in flight").tag("tier", tier.tag()).register(meters);
        }
    }

    private SimpleLimiter<Void> limiter(Tier tier) {
        return SimpleLimiter.newBuilder()
                .named("gateway-" + tier.tag())
                .limit(tier == Tier.PURCHASE || tier == Tier.QUEUE ? FixedLimit.of(properties.maxLimit())
                        : tier == Tier.ADMIN ? FixedLimit.of(ADMIN_LIMIT) : adaptive(properties))
                .build();
    }

    /**
     * Starts every limit afresh, as at start-up. What the gateway's own warm-up taught them (answer times of a
     * few requests at once, getting faster as the JIT compiled) is no baseline for a crowd: kept, the first
     * crowd's longer answers read as a slowdown and the limits shed it while nothing was wrong. Called once
     * the warm-up is over, before the gateway is ready, while nothing else is in flight (a request that still is
     * gives its slot back to the limit it took it from; a thread that reads the old limit a moment longer sheds by it).
     */
    public void restart() {
        limiters.replaceAll((tier, old) -> limiter(tier));
    }

    /**
     * Samples are gathered over a window, not taken one request at a time: a single slow answer is not a
     * trend. Purchases are not limited by it: a purchase is the second step of a shopper the limit of
     * the first step (the path) already let in, so shedding it would throw away the work of both; they
     * are bounded by the ceiling alone. Nor is a waiting room's tier: a join is one script call and takes
     * the shopper's place in the order it came (shed, it would come back seconds later at a later place),
     * and the polls that reach it are few (the gateway answers the waiting itself); the ceiling and
     * seckill-service's own bound are its bulkhead. An adaptive limit there read the herd's moment of
     * latency as a trend and shed joins for the rest of the sale (down to 12 at once, 46,000 shed in 20 s).
     */
    private static WindowedLimit adaptive(OverloadProperties properties) {
        return WindowedLimit.newBuilder()
                .minWindowTime(WINDOW.toNanos(), TimeUnit.NANOSECONDS)
                .maxWindowTime(WINDOW.toNanos(), TimeUnit.NANOSECONDS)
                .build(Gradient2Limit.newBuilder()
                        .initialLimit(properties.initialLimit())
                        .minLimit(properties.minLimit())
                        .maxConcurrency(properties.maxLimit())
                        .rttTolerance(RTT_TOLERANCE)
                        .build());
    }

    /** @return a slot to release when the answer is written, or empty when the service has all it can finish */
    Optional<Limiter.Listener> acquire(Tier tier) {
        return limiters.get(tier).acquire(null);
    }

    /** Whether a request to the tier would be shed now (a look, nothing taken; the slot is taken later). */
    boolean isFull(Tier tier) {
        SimpleLimiter<Void> limiter = limiters.get(tier);
        return limiter.getInflight() >= limiter.getLimit();
    }
}
