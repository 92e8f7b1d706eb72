package com.seckill.seckill.activity;

import com.seckill.common.redis.StockBucket;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Service;

/**
 * The sales as {@code ./seckill doctor} checks them before they open: the activities MySQL has within their warm-up
 * window (a waiting room's opening included), newest first, each beside its Redis figures. Reads only, MySQL and
 * Redis as they are now (not the catalog's copy): a doctor is asked when something may be wrong.
 */
@Service
class SaleReadinessReport {

    private final ActivityMapper mapper;
    private final ActivityWarmer warmer;
    private final SaleFigures figures;
    private final StringRedisTemplate redis;
    private final StockTransfers transfers;
    private final Clock clock;

    SaleReadinessReport(ActivityMapper mapper, ActivityWarmer warmer, SaleFigures figures, StringRedisTemplate redis,
                        StockTransfers transfers, Clock clock) {
        this.mapper = mapper;
        this.warmer = warmer;
        this.figures = figures;
        this.redis = redis;
        this.transfers = transfers;
        this.clock = clock;
    }

    List<SaleReadiness> sales() {
        return mapper.findCurrent(clock.instant()).stream().filter(warmer::startsWithinWindow)
                .sorted(Comparator.comparingLong(Activity::id).reversed())
                .map(this::readiness)
                .toList();
    }

    SaleReadiness readiness(Activity activity) {
        long inFlight = 0;
        for (StockBucket bucket : activity.stockBuckets()) {
            Long queued = redis.opsForZSet().size(bucket.queued());
            inFlight += queued == null ? 0 : queued;
        }
        return new SaleReadiness(activity.id(), figures.stamp(activity).current(), transfers.unitsHeld(activity),
                activity.stock(), inFlight);
    }
}
