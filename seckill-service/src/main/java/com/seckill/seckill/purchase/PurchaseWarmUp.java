package com.seckill.seckill.purchase;

import com.seckill.common.trust.PurchasePaths;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.web.warmup.WarmUpCall;
import com.seckill.web.warmup.WarmUpPlan;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * What seckill-service warms before it is ready: the catalog, result polls, and purchases of the sales on now,
 * each on a path signed for a warm-up user but never issued, so that the purchase script runs and refuses it
 * (BAD_PATH) before it takes anything. No unit, path, order or result of anyone's is touched; the refusals
 * count in {@code seckill_purchase_attempts_total{outcome="bad_path"}} as what they are.
 */
@Component
class PurchaseWarmUp implements WarmUpPlan {

    /** The sales whose purchases are warmed, at most. */
    private static final int SALES = 3;
    private static final Duration PATH_LIFE = Duration.ofMinutes(1);

    private final ActivityCatalog catalog;
    private final PurchasePaths paths;
    private final Clock clock;
    private final AtomicLong users = new AtomicLong(WarmUpCall.FIRST_USER);

    PurchaseWarmUp(ActivityCatalog catalog, PurchasePaths paths, Clock clock) {
        this.catalog = catalog;
        this.paths = paths;
        this.clock = clock;
    }

    @Override
    public List<WarmUpCall> calls() {
        Instant now = clock.instant();
        long user = users.getAndIncrement();
        List<WarmUpCall> calls = new ArrayList<>(List.of(WarmUpCall.get("/api/activities"),
                WarmUpCall.asUser("GET", "/api/seckill/result/" + UUID.randomUUID(), user)));
        catalog.all().stream().filter(a -> a.startedAt(now) && !a.endedAt(now) && catalog.room(a.id()).isEmpty()).limit(SALES)
                .forEach(sale -> {
                    calls.add(WarmUpCall.get("/api/activities/" + sale.id()));
                    calls.add(WarmUpCall.asUser("POST", "/api/seckill/" + sale.id() + "/" + paths.issue(sale.id(), user, now.plus(PATH_LIFE)), user));
                });
        return calls;
    }
}
