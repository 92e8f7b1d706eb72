package com.seckill.seckill.activity;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.SeckillProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The activities this instance serves, held in memory so that browsing and purchasing never
 * query MySQL per request. Reloaded from MySQL (definitions) and Redis (units left) on a fixed
 * schedule ({@link CatalogLoader}: two queries and one MGET per tick, whatever the traffic).
 */
@Component
public class ActivityCatalog {

    /** Ended activities stay listed this long, so shoppers see how a sale ended. */
    private static final Duration ENDED_VISIBLE = Duration.ofDays(1);
    /** How fresh a read of MySQL must be to tell a shopper that an activity does not exist. */
    static final long MISS_READ_MILLIS = 500;

    private static final Logger log = LoggerFactory.getLogger(ActivityCatalog.class);

    private final ActivityMapper mapper;
    private final Clock clock;
    private final Map<Long, Activity> activities = new ConcurrentHashMap<>();
    private final Map<Long, Integer> stockLeft = new ConcurrentHashMap<>();
    private final Map<Long, WaitingRoomSettings> rooms = new ConcurrentHashMap<>();
    private final StockGauge stock;
    private final CatalogLoader loader;
    private final CatalogReads reads = new CatalogReads();

    ActivityCatalog(ActivityMapper mapper, CatalogLoader loader, Clock clock, StockGauge stock) {
        this.stock = stock;
        this.loader = loader;
        this.mapper = mapper;
        this.clock = clock;
    }

    @Scheduled(fixedDelayString = SeckillProperties.CATALOG_REFRESH)
    void refresh() {
        reads.onSchedule(this::read);
    }

    /** One read of MySQL (definitions, rooms), then Redis (units left); false when MySQL did not answer. */
    private boolean read() {
        Instant began = clock.instant();
        // Only what was known before the query may be dropped: an activity created meanwhile
        // is not in the result yet and must stay visible.
        Set<Long> known = Set.copyOf(activities.keySet());
        CatalogLoader.Loaded loaded;
        try {
            loaded = loader.load(began.minus(ENDED_VISIBLE));
        } catch (RuntimeException e) {
            log.warn("Activity catalog not refreshed from MySQL: {}", e.toString());
            reads.failed(began);
            return false;
        }
        rooms.putAll(loaded.rooms());
        activities.putAll(loaded.activities());
        reads.answered(began);
        known.stream().filter(id -> !loaded.activities().containsKey(id)).forEach(id -> {
            activities.remove(id);
            stockLeft.remove(id);
            rooms.remove(id);
        });
        refreshStock(List.copyOf(loaded.activities().values()));
        return true;
    }

    private void refreshStock(List<Activity> current) {
        if (current.isEmpty()) {
            return;
        }
        List<String> values;
        try {
            values = loader.unitsLeft(current);
        } catch (RuntimeException e) {
            log.warn("Stock figures not refreshed from Redis: {}", e.toString());
            return;
        }
        for (int i = 0; i < current.size(); i++) {
            Activity activity = current.get(i);
            String value = values == null ? null : values.get(i);
            stockLeft.put(activity.id(), value == null ? activity.stock() : Integer.parseInt(value));
        }
        stock.publish(current, values);
    }

    /** Makes a just-created activity visible at once on this instance. */
    void add(Activity activity, WaitingRoomSettings room) {
        if (room != null) {
            rooms.put(activity.id(), room);
        }
        activities.put(activity.id(), activity);
        stockLeft.put(activity.id(), activity.stock());
    }

    /** An activity whose row changed (a stock top-up), shown at once on this instance; what shoppers now see. */
    ActivityView replace(Activity activity, int unitsLeft) {
        activities.put(activity.id(), activity);
        stockLeft.put(activity.id(), unitsLeft);
        return view(activity, clock.instant());
    }

    /** The activity's waiting room, when it has one. */
    public Optional<WaitingRoomSettings> room(long id) {
        return Optional.ofNullable(rooms.get(id));
    }

    /**
     * The activity, or empty when there is none. One this instance does not hold may have been created since its
     * last read (by another instance) or before its first (it started while MySQL was away): it reads MySQL again
     * first ({@link CatalogReads#readSince}) and says "try again" rather than "unknown" when MySQL cannot tell.
     *
     * @throws Refusals.SalePreparing when MySQL did not answer a read that could tell
     */
    public Optional<Activity> find(long id) {
        Activity activity = activities.get(id);
        if (activity != null) {
            return Optional.of(activity);
        }
        if (!reads.readSince(clock.instant().minusMillis(MISS_READ_MILLIS), this::read)) {
            throw new Refusals.SalePreparing();
        }
        return Optional.ofNullable(activities.get(id));
    }

    /** The activity if this instance holds it, for jobs (they look again on their next tick). */
    Optional<Activity> held(long id) {
        return Optional.ofNullable(activities.get(id));
    }

    /**
     * The Redis buckets an activity is sold from, for news of it that may come long after it left the catalog
     * (an order closed a day later): read from MySQL then. An activity MySQL does not know has one.
     */
    public List<StockBucket> buckets(long id) {
        Activity activity = activities.get(id);
        if (activity == null) {
            activity = mapper.findById(id);
        }
        return SeckillKeys.buckets(id, activity == null ? 1 : activity.buckets());
    }

    /** Redis just answered "sold out": show it before the next refresh confirms it. */
    public void noteSoldOut(long id) {
        stockLeft.put(id, 0);
    }

    /** Units left as last read from Redis (MySQL's figure before the first read). */
    public int stockLeft(long id) {
        Activity activity = activities.get(id);
        return stockLeft.getOrDefault(id, activity == null ? 0 : activity.stock());
    }

    public List<Activity> all() {
        return new ArrayList<>(activities.values());
    }

    List<ActivityView> views() {
        if (!reads.everAnswered()) {
            throw new Refusals.SalePreparing(); // an empty list would tell shoppers there is no sale
        }
        Instant now = clock.instant();
        return activities.values().stream()
                .sorted(Comparator.comparing(Activity::startTime).thenComparing(Activity::id))
                .map(a -> view(a, now))
                .toList();
    }

    Optional<ActivityView> view(long id) {
        return find(id).map(a -> view(a, clock.instant()));
    }

    private ActivityView view(Activity activity, Instant now) {
        return ActivityView.of(activity, stockLeft.getOrDefault(activity.id(), activity.stock()), rooms.get(activity.id()), now);
    }
}
