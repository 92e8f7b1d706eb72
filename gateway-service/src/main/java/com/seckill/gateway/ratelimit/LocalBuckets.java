package com.seckill.gateway.ratelimit;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The token buckets as this gateway instance knows them: a request is admitted or refused here, in memory, and what
 * was taken is shared with the other instances a moment later ({@link SharedBuckets}), which answers with what all
 * of them left. One instance alone decides exactly as one Redis script per request did; several, each deciding from
 * the level Redis last told it, can together hand out at most one sharing interval's worth of tokens more than a
 * bucket holds, which the shared level then owes (it goes below zero and the bucket refuses until it has refilled).
 * A bucket this instance has not seen yet starts full.
 */
@Component
class LocalBuckets {

    private static final long EVICT_EVERY_MS = 1_000;

    private final LongSupplier millis;
    private final Map<String, Level> levels = new HashMap<>();
    private long evicted;

    @Autowired
    LocalBuckets(Clock clock) {
        this(clock::millis);
    }

    LocalBuckets(LongSupplier millis) {
        this.millis = millis;
    }

    /** What one share carries for one bucket: the tokens this instance took from it since the last share. */
    record Taken(String key, double rate, double capacity, long tokens) {
    }

    /** Zero when admitted (a token taken from every bucket, or from none), else how long until every bucket holds one. */
    synchronized Duration acquire(List<Bucket> buckets) {
        long now = millis.getAsLong();
        Level[] found = new Level[buckets.size()];
        long wait = 0;
        for (int i = 0; i < found.length; i++) {
            Bucket bucket = buckets.get(i);
            Level level = levels.computeIfAbsent(bucket.key(), key -> new Level(bucket.capacity(), now));
            level.refill(bucket, now);
            found[i] = level;
            if (level.tokens < 1) {
                wait = Math.max(wait, (long) Math.ceil((1 - level.tokens) * 1000 / bucket.rate()));
            }
        }
        if (wait > 0) {
            return Duration.ofMillis(wait);
        }
        for (Level level : found) {
            level.tokens -= 1;
            level.taken++;
        }
        return Duration.ZERO;
    }

    /** The tokens taken since the last share, now on their way to Redis (until {@link #shared} or {@link #notShared}). */
    synchronized List<Taken> toShare() {
        List<Taken> share = new ArrayList<>();
        for (Map.Entry<String, Level> entry : levels.entrySet()) {
            Level level = entry.getValue();
            if (level.taken > 0) {
                share.add(new Taken(entry.getKey(), level.rate, level.capacity, level.taken));
                level.sending += level.taken;
                level.taken = 0;
            }
        }
        return share;
    }

    /** Redis's levels after {@code share}, all instances together: each becomes this instance's, less what it took meanwhile. */
    synchronized void shared(List<Taken> share, List<Double> levelsAfter) {
        long now = millis.getAsLong();
        for (int i = 0; i < share.size(); i++) {
            Level level = levels.get(share.get(i).key());
            if (level != null) {
                level.sending -= share.get(i).tokens();
                level.tokens = Math.min(level.capacity, levelsAfter.get(i)) - level.taken;
                level.at = now;
            }
        }
        evictIdle(now);
    }

    /**
     * The share failed, its outcome unknown: a share timed out in a partition may still reach Redis when the link
     * heals, so its tokens are not sent again (they would be counted twice, and clients refused for tokens they never
     * took). This instance's own levels keep them; the other instances may not learn of them.
     */
    synchronized void notShared(List<Taken> share) {
        for (Taken taken : share) {
            Level level = levels.get(taken.key());
            if (level != null) {
                level.sending -= taken.tokens();
            }
        }
    }

    synchronized int size() {
        return levels.size();
    }

    /** A bucket full again, with nothing to share, says nothing: forgotten, so memory follows the active clients only. */
    private void evictIdle(long now) {
        if (now - evicted < EVICT_EVERY_MS) {
            return;
        }
        evicted = now;
        for (Iterator<Level> it = levels.values().iterator(); it.hasNext(); ) {
            Level level = it.next();
            if (level.taken == 0 && level.sending == 0
                    && level.tokens + (now - level.at) * level.rate / 1000 >= level.capacity) {
                it.remove();
            }
        }
    }

    private static final class Level {
        double tokens;
        long at;
        double rate = 1;
        double capacity;
        long taken;
        long sending;

        Level(double capacity, long now) {
            this.tokens = capacity;
            this.capacity = capacity;
            this.at = now;
        }

        void refill(Bucket bucket, long now) {
            rate = bucket.rate();
            capacity = bucket.capacity();
            tokens = Math.min(capacity, tokens + Math.max(0, now - at) * rate / 1000);
            at = now;
        }
    }
}
