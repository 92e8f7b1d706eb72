package com.seckill.loadtest.bench;

import java.util.Map;
import java.util.TreeMap;

/** What a phase of the {@link Crowd} counts: answers by request kind and status, their times, timeouts and broken connections. */
final class CrowdTally {

    private final Map<String, Long> statuses = new TreeMap<>();
    /** Answer times by status: counts per whole millisecond up to the timeout. */
    private final Map<Integer, long[]> times = new TreeMap<>();
    private final int maxMs;
    private long timeouts;
    private long errors;

    CrowdTally(int maxMs) {
        this.maxMs = maxMs;
    }

    void answer(String kind, int status, long tookNanos) {
        statuses.merge(kind + " " + status, 1L, Long::sum);
        int ms = (int) Math.min(maxMs, (tookNanos + 999_999) / 1_000_000);
        times.computeIfAbsent(status, s -> new long[maxMs + 1])[ms]++;
    }

    void timeout() {
        timeouts++;
    }

    void error() {
        errors++;
    }

    CrowdRun run(double seconds, double driverCores) {
        Map<Integer, TreeMap<Integer, Long>> sparse = new TreeMap<>();
        times.forEach((status, counts) -> {
            TreeMap<Integer, Long> buckets = new TreeMap<>();
            for (int ms = 0; ms < counts.length; ms++) {
                if (counts[ms] > 0) {
                    buckets.put(ms, counts[ms]);
                }
            }
            sparse.put(status, buckets);
        });
        return new CrowdRun(seconds, timeouts, errors, statuses, sparse, driverCores);
    }
}
