package com.seckill.seckill.settle;

import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Every {@code queued-check-interval}, the requests of every activity still QUEUED past
 * {@code queued-bound} are settled where they can be ({@link StuckRequestResolver}); how many stay
 * stuck is the gauge {@code seckill.requests.stuck}.
 */
@Component
class StuckRequestSchedule {

    private static final Logger log = LoggerFactory.getLogger(StuckRequestSchedule.class);

    private final StuckRequestResolver resolver;
    private final ActivityCatalog catalog;
    private final Clock clock;
    private final AtomicLong stuck = new AtomicLong();
    private final AtomicLong lastRound = new AtomicLong();

    StuckRequestSchedule(StuckRequestResolver resolver, ActivityCatalog catalog, Clock clock, MeterRegistry meters) {
        this.resolver = resolver;
        this.catalog = catalog;
        this.clock = clock;
        Gauge.builder("seckill.requests.stuck", stuck, AtomicLong::get)
                .description("Requests QUEUED longer than seckill.sale.queued-bound")
                .register(meters);
        Gauge.builder("seckill.job.last.success", lastRound, AtomicLong::get).tag("job", "stuck-requests")
                .description("When the job last completed (epoch seconds)").register(meters);
    }

    @Scheduled(fixedDelayString = SeckillProperties.QUEUED_CHECK_INTERVAL)
    void resolveAll() {
        long total = 0;
        for (Activity activity : catalog.all()) {
            try {
                total += resolver.resolve(activity);
            } catch (RuntimeException e) {
                log.warn("Stuck requests of activity {} not resolved: {}", activity.id(), e.toString());
            }
        }
        stuck.set(total);
        lastRound.set(clock.instant().getEpochSecond());
    }
}
