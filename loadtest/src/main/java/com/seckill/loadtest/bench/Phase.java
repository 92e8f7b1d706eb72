package com.seckill.loadtest.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/** The figures of one bench phase, its threads' recorders merged: latencies sorted per kind, answers by status. */
final class Phase {

    final String name;
    final double seconds;
    final long endMillis = System.currentTimeMillis();
    final long[][] latencies = new long[3][];
    final Map<String, Integer> codes = new TreeMap<>();
    long requests;

    private Phase(String name, double seconds) {
        this.name = name;
        this.seconds = seconds;
    }

    static Phase of(String name, double seconds, Recorder... recorders) {
        Phase phase = new Phase(name, seconds);
        for (int kind = 0; kind < 3; kind++) {
            int total = 0;
            for (Recorder recorder : recorders) {
                total += recorder.counts[kind];
            }
            long[] all = new long[total];
            int at = 0;
            for (Recorder recorder : recorders) {
                System.arraycopy(recorder.latencies[kind], 0, all, at, recorder.counts[kind]);
                at += recorder.counts[kind];
            }
            Arrays.sort(all);
            phase.latencies[kind] = all;
        }
        for (Recorder recorder : recorders) {
            phase.requests += recorder.requests;
            recorder.codes.forEach((code, n) -> phase.codes.merge(code, n, Integer::sum));
        }
        return phase;
    }

    int count(String code) {
        return codes.getOrDefault(code, 0);
    }

    double rps() {
        return requests / seconds;
    }

    /** The p-th percentile (nearest rank) of a kind's latencies, in ns; 0 when it has none. */
    long percentile(int kind, double p) {
        long[] sorted = latencies[kind];
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    void requireAll(String code) {
        if (count(code) != requests) {
            throw new IllegalStateException(name + ": expected every answer to be " + code + ", got " + codes);
        }
    }

    void print() {
        System.out.printf(Locale.ROOT, "%-34s %7d requests in %6.2f s = %8.0f req/s  p50 %6s ms  p99 %6s ms  %s%n",
                name, requests, seconds, rps(), ms(percentile(0, 50)), ms(percentile(0, 99)), codes);
        if (latencies[1].length > 0) {
            System.out.printf(Locale.ROOT, "%-34s purchase step p50 %s ms p99 %s ms; path+purchase p50 %s ms p99 %s ms%n",
                    "", ms(percentile(1, 50)), ms(percentile(1, 99)), ms(percentile(2, 50)), ms(percentile(2, 99)));
        }
    }

    /** kind: the latency series of the phase's headline request (the floor request, the purchase step). */
    void save(Properties results, String key, int kind) {
        results.setProperty(key + ".requests", String.valueOf(requests));
        results.setProperty(key + ".seconds", fmt(seconds));
        results.setProperty(key + ".rps", fmt(rps()));
        results.setProperty(key + ".p50.ms", ms(percentile(kind, 50)));
        results.setProperty(key + ".p99.ms", ms(percentile(kind, 99)));
        results.setProperty(key + ".all.p50.ms", ms(percentile(0, 50)));
        results.setProperty(key + ".all.p99.ms", ms(percentile(0, 99)));
        results.setProperty(key + ".codes", codes.toString());
    }

    static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e6);
    }

    static String fmt(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
