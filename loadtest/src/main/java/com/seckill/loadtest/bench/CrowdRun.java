package com.seckill.loadtest.bench;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntPredicate;

/**
 * What one phase of the crowd ({@link Crowd}) saw: answers by request kind and status, answer times by
 * status (1 ms buckets), timeouts (no answer within 10 s), broken connections, and the share of a core
 * the crowd's own thread took (on the cores of the system it measured).
 */
record CrowdRun(double seconds, long timeouts, long errors, Map<String, Long> statuses, Map<Integer, TreeMap<Integer, Long>> times,
                double driverCores) {

    /** Answers of {@code kind} (token, purchase, browse) with {@code status}. */
    long count(String kind, int status) {
        return statuses.getOrDefault(kind + " " + status, 0L);
    }

    long answers() {
        return times.values().stream().flatMap(b -> b.values().stream()).mapToLong(Long::longValue).sum();
    }

    /** Answers with a status of 500 or more other than 503 (the one 5xx a shopper may meet, contract §11). */
    long serverErrors() {
        return times.entrySet().stream().filter(e -> e.getKey() >= 500 && e.getKey() != 503)
                .flatMap(e -> e.getValue().values().stream()).mapToLong(Long::longValue).sum();
    }

    long busy() {
        return times.getOrDefault(503, new TreeMap<>()).values().stream().mapToLong(Long::longValue).sum();
    }

    double perSecond(long count) {
        return seconds <= 0 ? 0 : count / seconds;
    }

    /** The {@code q} quantile (0.5, 0.99) of every answer's time, in ms; 0 without answers. */
    int percentileMs(double q) {
        return percentileMs(q, status -> true);
    }

    /** The {@code q} quantile of the times of answers whose status passes {@code which}, in ms; 0 without any. */
    int percentileMs(double q, IntPredicate which) {
        TreeMap<Integer, Long> all = new TreeMap<>();
        times.forEach((status, b) -> {
            if (which.test(status)) {
                b.forEach((ms, n) -> all.merge(ms, n, Long::sum));
            }
        });
        long total = all.values().stream().mapToLong(Long::longValue).sum();
        long seen = 0;
        for (Map.Entry<Integer, Long> bucket : all.entrySet()) {
            seen += bucket.getValue();
            if (seen >= Math.ceil(q * total)) {
                return bucket.getKey();
            }
        }
        return 0;
    }
}
