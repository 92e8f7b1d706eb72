package com.seckill.seckill.purchase;

import com.seckill.common.error.SeckillException;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import java.time.Clock;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The checks that stop a request before it costs Redis anything: the activity exists, it is
 * running by the injected clock, and this instance has not already seen it sell out.
 */
@Component
public class SaleGuard {

    private final ActivityCatalog catalog;
    private final Clock clock;
    /** Concurrent set: request threads read it while a sold-out answer or a stock return writes it. */
    private final Set<Long> soldOut = ConcurrentHashMap.newKeySet();

    SaleGuard(ActivityCatalog catalog, Clock clock) {
        this.catalog = catalog;
        this.clock = clock;
    }

    /** The activity, if a shopper may try to buy from it now. */
    public Activity open(long activityId) {
        Activity activity = catalog.find(activityId)
                .orElseThrow(() -> new Refusals.UnknownActivity(activityId));
        Instant now = clock.instant();
        if (!activity.startedAt(now)) {
            throw new Refusals.NotStarted();
        }
        if (activity.endedAt(now)) {
            throw new Refusals.SaleEnded();
        }
        // The flag is trusted while the catalog (Redis figures, a second old at most) agrees: a
        // unit returned while an announcement was lost still reopens the sale within a second.
        if (soldOut.contains(activityId)) {
            if (catalog.stockLeft(activityId) <= 0) {
                throw soldOut();
            }
            soldOut.remove(activityId);
        }
        return activity;
    }

    void markSoldOut(long activityId) {
        soldOut.add(activityId);
        catalog.noteSoldOut(activityId);
    }

    /** Stock came back (an order closed or was cancelled): let requests reach Redis again. */
    public void clearSoldOut(long activityId) {
        soldOut.remove(activityId);
    }

    static SeckillException soldOut() {
        return new Refusals.SoldOut();
    }
}
