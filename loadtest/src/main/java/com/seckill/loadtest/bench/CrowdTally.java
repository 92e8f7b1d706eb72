package com.seckill.loadtest.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** What a phase of the {@link Crowd} counts: answers by request kind and status, their times, timeouts and broken connections. */
final class CrowdTally {

    private static final int STATUSES = 600;

    /** Answers by request kind, then status: arrays, so that counting an answer allocates nothing. */
    private final Map<String, long[]> statuses = new HashMap<>();
    /** Answer times by status: counts per whole millisecond up to the timeout. */
    private final long[][] times = new long[STATUSES][];
    private final int maxMs;
    private long timeouts;
    private long errors;

    CrowdTally(int maxMs) {
        this.maxMs = maxMs;
    }

    void answer(String kind, int status, long tookNanos) {
        int code = status >= 0 && status < STATUSES ? status : 0;
        statuses.computeIfAbsent(kind, k -> new long[STATUSES])[code]++;
        int ms = (int) Math.min(maxMs, (tookNanos + 999_999) / 1_000_000);
        if (times[code] == null) {
            times[code] = new long[maxMs + 1];
        }
        times[code][ms]++;
    }

    void timeout() {
        timeouts++;
    }

    void error() {
        errors++;
    }

    CrowdRun run(double seconds, double driverCores) {
        Map<String, Long> byKind = new TreeMap<>();
        statuses.forEach((kind, counts) -> {
            for (int status = 0; status < counts.length; status++) {
                if (counts[status] > 0) {
                    byKind.put(kind + " " + status, counts[status]);
                }
            }
        });
        Map<Integer, TreeMap<Integer, Long>> sparse = new TreeMap<>();
        for (int status = 0; status < STATUSES; status++) {
            if (times[status] == null) {
                continue;
            }
            TreeMap<Integer, Long> buckets = new TreeMap<>();
            for (int ms = 0; ms < times[status].length; ms++) {
                if (times[status][ms] > 0) {
                    buckets.put(ms, times[status][ms]);
                }
            }
            sparse.put(status, buckets);
        }
        return new CrowdRun(seconds, timeouts, errors, byKind, sparse, driverCores);
    }
}
