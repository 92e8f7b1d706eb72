package com.seckill.seckill.activity;

import com.seckill.seckill.SeckillProperties;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Every {@code warmup-interval}, each activity within its warm-up window gets sellable figures
 * (built, or rebuilt once Redis lost them), and the round is reported ({@code seckill.job.last.success}).
 */
@Component
class WarmupSchedule {

    private static final Logger log = LoggerFactory.getLogger(WarmupSchedule.class);

    private final ActivityWarmer warmer;
    private final ActivityCatalog catalog;
    private final Clock clock;
    private final AtomicLong lastRound = new AtomicLong();

    WarmupSchedule(ActivityWarmer warmer, ActivityCatalog catalog, Clock clock, MeterRegistry meters) {
        this.warmer = warmer;
        this.catalog = catalog;
        this.clock = clock;
        Gauge.builder("seckill.job.last.success", lastRound, AtomicLong::get).tag("job", "warm-up")
                .description("When the job last completed (epoch seconds)").register(meters);
    }

    @Scheduled(fixedDelayString = SeckillProperties.WARMUP_INTERVAL, initialDelayString = SeckillProperties.WARMUP_INTERVAL)
    void warmUpcoming() {
        warmer.dropRecoveriesOutsideTheirWindow();
        for (Activity activity : catalog.all()) {
            if (warmer.startsWithinWindow(activity)) {
                try {
                    warmer.keepWarm(activity);
                } catch (RuntimeException e) {
                    log.warn("Warm-up of activity {} failed, will retry: {}", activity.id(), e.toString());
                }
            }
        }
        lastRound.set(clock.instant().getEpochSecond());
    }
}
