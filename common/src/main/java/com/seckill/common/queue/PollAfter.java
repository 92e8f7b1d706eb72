package com.seckill.common.queue;

/**
 * How long a waiting shopper is told to wait before asking again (contract §11, rule 3): 1 to 10 s,
 * growing with the distance, and spread a little, so that a crowd told at once does not come back at
 * once. N waiting shoppers then cost about N / pollAfter answers a second. An admission lasts far
 * longer than a poll interval, so a shopper who learns it a second late loses nothing.
 */
public final class PollAfter {

    public static final long MIN_MS = 1_000;
    public static final long MAX_MS = 10_000;
    /** Before the start everyone is told to come back at it: over this much after it, not all in its first moment. */
    public static final long START_SPREAD_MS = 3_000;
    /**
     * A shopper behind more shoppers than units left comes back when those units are let in, but not
     * sooner than this: thousands far back polling every second cost more than the news is worth, even
     * answered by the gateway from memory; every 3 to 3.6 s tells each of them SOLD_OUT within 4 s.
     */
    public static final long FAR_BACK_MS = 3_000;

    private PollAfter() {
    }

    /** Before the start, whose places are drawn at it: come back at the start, {@code spread} (0 to 1) of three seconds after it. */
    public static long beforeStart(long untilStartMs, double spread) {
        return bounded(untilStartMs + (long) (spread * START_SPREAD_MS));
    }

    /** Waiting with {@code etaSeconds} to go: half of it, from 0.8 to 1.2 times that by {@code spread} (0 to 1). */
    public static long waiting(long etaSeconds, double spread) {
        return bounded((long) (etaSeconds * 1000 / 2.0 * (0.8 + 0.4 * spread)));
    }

    /**
     * As {@link #waiting(long, double)}, for a shopper with more shoppers ahead than units left: no later
     * than when those units will all have been let in ({@code unitsAdmittedSeconds}, at least
     * {@link #FAR_BACK_MS}), since by then its outcome is known (sold out, or units that came back).
     */
    public static long waiting(long etaSeconds, long unitsAdmittedSeconds, double spread) {
        long known = Math.max(unitsAdmittedSeconds * 1000, FAR_BACK_MS);
        return Math.min(waiting(etaSeconds, spread), bounded((long) (known * (1 + 0.2 * spread))));
    }

    private static long bounded(long millis) {
        return Math.max(MIN_MS, Math.min(MAX_MS, millis));
    }
}
