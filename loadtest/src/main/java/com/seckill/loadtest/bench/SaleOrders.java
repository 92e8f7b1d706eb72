package com.seckill.loadtest.bench;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A sale's live orders (pending or paid) as the admins' stats count them, which is order-service counting
 * its own: the benches read no service's tables. A bench's shoppers neither pay nor cancel, and its runs
 * end long before an unpaid order closes, so the live orders are the orders written.
 */
final class SaleOrders {

    /** How often the count is read while it is being watched: the resolution of the times it reports. */
    private static final long WATCH_EVERY_MS = 50;
    private static final long SETTLE_EVERY_MS = 1_000;

    private final LoadDriver api;
    private final String admin;

    SaleOrders(LoadDriver api, String admin) {
        this.api = api;
        this.admin = admin;
    }

    long count(long activity) throws Exception {
        return Long.parseLong(LoadDriver.field(LoadDriver.expect(stats(activity), 200).body(), "liveOrders"));
    }

    private LoadDriver.Resp stats(long activity) throws Exception {
        return api.call("GET", "/api/admin/activities/" + activity + "/stats", admin, null);
    }

    /**
     * {@link #reached} on a thread of its own, from now: started before the orders are written (order-service
     * started on a full queue), it sees the first of them as it comes, whatever the caller does meanwhile.
     */
    CompletableFuture<long[]> watch(long activity, int maxSeconds, long... thresholds) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return reached(activity, maxSeconds, thresholds);
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        });
    }

    /** The count once it stops growing (orders still being written), or as it is after {@code maxSeconds}. */
    long settled(long activity, int maxSeconds) throws Exception {
        long deadline = System.currentTimeMillis() + maxSeconds * 1000L;
        long last = -1;
        while (true) {
            long now = count(activity);
            if (now == last && now > 0 || System.currentTimeMillis() > deadline) {
                return now;
            }
            last = now;
            Thread.sleep(SETTLE_EVERY_MS); // orders still being written, bounded by the deadline
        }
    }

    /**
     * Watches the count until it reaches the last (largest) of {@code thresholds}; for each threshold, when (epoch
     * ms) the count was first seen at or past it.
     *
     * @throws IllegalStateException when the last is not reached within {@code maxSeconds}
     */
    long[] reached(long activity, int maxSeconds, long... thresholds) throws Exception {
        long deadline = System.currentTimeMillis() + maxSeconds * 1000L;
        long[] times = new long[thresholds.length];
        int next = 0;
        while (true) {
            LoadDriver.Resp stats = stats(activity); // while order-service starts, the stats may not answer yet
            long at = System.currentTimeMillis();
            long now = stats.status() == 200 ? Long.parseLong(LoadDriver.field(stats.body(), "liveOrders")) : 0;
            while (next < thresholds.length && now >= thresholds[next]) {
                times[next++] = at;
            }
            if (next == thresholds.length) {
                return times;
            }
            if (at > deadline) {
                throw new IllegalStateException("activity " + activity + ": " + now + " orders of "
                        + thresholds[thresholds.length - 1] + " after " + maxSeconds + " s");
            }
            Thread.sleep(WATCH_EVERY_MS);
        }
    }
}
