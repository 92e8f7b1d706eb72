package com.seckill.seckill.activity;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Makes an activity's Redis figures sellable: before it starts (on creation when the start is
 * near, on a schedule for everything within the warm-up window ({@link WarmupSchedule}), on an
 * operator's request, in the background for a purchase ({@link WarmupRequests})), and again
 * whenever Redis lost what it held (contract §10).
 * <p>
 * Figures that were never sold are simply built from MySQL. Figures of a sale that may have sold
 * and that Redis lost (it came back empty, or with older data) are rebuilt only once every
 * purchase accepted before the loss is written to MySQL: the purchase script refuses to sell
 * meanwhile, this waits until the purchases in flight are written ({@link InFlightPurchases}: the
 * Redis timeout plus the publish timeout after the loss was first seen, then an empty outbox and a
 * drained order pipeline), then reads stock and holders from MySQL ({@link SaleRecords}). So the
 * units accepted but not yet written are counted, and the next buyers are neither oversold nor undersold. A Redisson lock per activity keeps instances from racing.
 */
@Component
public class ActivityWarmer {

    private static final Logger log = LoggerFactory.getLogger(ActivityWarmer.class);
    /** Clock difference between instances within which "the sale has started" is taken as "it may have sold". */
    private static final Duration START_SKEW = Duration.ofSeconds(5);

    private final SaleFigures figures;
    private final SaleRecords records;
    private final InFlightPurchases inFlight;
    private final RedissonClient redisson;
    private final ActivityCatalog catalog;
    private final SeckillProperties properties;
    private final Clock clock;
    /** Activities whose lost figures wait for the purchases in flight, with when this instance first saw it. */
    private final Map<Long, Long> recoveringSince = new ConcurrentHashMap<>();

    ActivityWarmer(SaleFigures figures, SaleRecords records, InFlightPurchases inFlight, RedissonClient redisson,
                   ActivityCatalog catalog, SeckillProperties properties, Clock clock) {
        this.figures = figures;
        this.records = records;
        this.inFlight = inFlight;
        this.redisson = redisson;
        this.catalog = catalog;
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * Whether the activity's figures must be in Redis now: it starts within the warm-up window, or its
     * waiting room is open (joining reads the stock: a queue that opens an hour before the start must
     * answer for that hour, not "being prepared").
     */
    boolean startsWithinWindow(Activity activity) {
        Instant now = clock.instant();
        Duration window = catalog.room(activity.id())
                .map(room -> Duration.ofSeconds(room.opensBeforeSeconds()))
                .filter(opens -> opens.compareTo(properties.warmupWindow()) > 0)
                .orElse(properties.warmupWindow());
        return !activity.endedAt(now) && activity.startTime().isBefore(now.plus(window));
    }

    /** Whether figures lost with Redis are waiting to be rebuilt here: results not found may still be in flight. */
    public boolean recovering() {
        return !recoveringSince.isEmpty();
    }

    /** A scheduled look at an activity within its window: figures already sellable (perhaps rebuilt by another instance) stand. */
    void keepWarm(Activity activity) {
        if (figures.stamp(activity).current()) {
            recoveringSince.remove(activity.id()); // another instance rebuilt it
        } else {
            warm(activity);
        }
    }

    /** Recoveries of activities that ended or are gone are not waited for. */
    void dropRecoveriesOutsideTheirWindow() {
        recoveringSince.keySet().removeIf(id -> catalog.held(id).map(activity -> !startsWithinWindow(activity)).orElse(true));
    }

    /** A just-created activity: whatever Redis holds under its id belongs to another sale; it has sold nothing. */
    void warmNew(Activity activity) {
        figures.clear(activity);
        if (startsWithinWindow(activity)) {
            withLock(activity, () -> figures.buildFresh(activity, List.of()));
        }
    }

    /**
     * Makes the figures sellable if it can now; true when they are. False while a rebuild waits for
     * purchases in flight (the next attempt, on the schedule or at the next purchase, looks again).
     */
    public boolean warm(Activity activity) {
        return withLock(activity, () -> {
            SaleFigures.Stamps stamp = figures.stamp(activity);
            if (stamp.sameProcess()) {
                if (!stamp.current()) {
                    figures.restamp(stamp); // a snapshot was saved; nothing was lost
                }
                figures.describe(activity);
                recoveringSince.remove(activity.id());
                return true;
            }
            if (stamp.anyMissing() && !mayHaveSold(activity)) {
                ActivityStore.Snapshot row = records.snapshot(activity.id());
                if (figures.buildFresh(row.activity(), row.topUps())) {
                    log.info("Activity {} warmed up: {} units", activity.id(), row.activity().stock());
                }
                return true;
            }
            figures.pause(activity);
            return rebuildWhenDrained(activity);
        });
    }

    private boolean rebuildWhenDrained(Activity activity) {
        long id = activity.id();
        long since = recoveringSince.computeIfAbsent(id, key -> {
            log.warn("Activity {}: Redis lost its figures; sales pause until every accepted purchase is in MySQL", key);
            return clock.millis();
        });
        // a purchase whose script ran just before the loss may still be waiting for its answer, then publishing
        if (clock.millis() < since + inFlight.grace().toMillis() || !inFlight.allWritten(activity)) {
            return false;
        }
        ActivityStore.Snapshot row = records.snapshot(id);
        List<Long> holders = records.holders(id);
        if (!figures.rebuild(row.activity(), row.topUps(), holders)) {
            return false;
        }
        recoveringSince.remove(id);
        log.warn("Activity {} rebuilt from MySQL after Redis lost its figures: {} units, {} holders", id,
                row.activity().stock(), holders.size());
        return true;
    }

    /** Purchases may have been accepted: the sale has started (give or take the clocks of the instances). */
    private boolean mayHaveSold(Activity activity) {
        return !clock.instant().isBefore(activity.startTime().minus(START_SKEW));
    }

    private interface Step {
        boolean run();
    }

    private boolean withLock(Activity activity, Step step) {
        RLock lock = redisson.getLock(SeckillKeys.warmupLock(activity.id()));
        boolean locked = false;
        try {
            locked = lock.tryLock(2, 30, TimeUnit.SECONDS);
            if (!locked) {
                log.debug("Activity {} is being warmed by another instance", activity.id());
                return false;
            }
            return step.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            if (locked && lock.isHeldByCurrentThread()) {
                lock.unlock();
            }
        }
    }
}
