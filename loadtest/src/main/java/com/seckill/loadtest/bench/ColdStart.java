package com.seckill.loadtest.bench;

import java.util.List;
import java.util.Locale;

/**
 * A sale met by a system that just started, in consecutive windows of the same crowd: purchases per second,
 * their p99 and the 503s of each window, the plateau (the mean rate of the last minute), the first ten seconds
 * as a share of it and how long the system took to reach nine tenths of it.
 */
record ColdStart(List<CrowdRun> windows, int windowSeconds) {

    static final int PLATEAU_SECONDS = 60;
    static final int FIRST_SECONDS = 10;

    double purchasesPerSecond(int window) {
        CrowdRun run = windows.get(window);
        return run.perSecond(run.count("purchase", 202));
    }

    /** The mean purchase rate of the last minute (every window, when the run is shorter). */
    double plateau() {
        int last = Math.max(1, Math.min(windows.size(), PLATEAU_SECONDS / windowSeconds));
        return purchases(windows.size() - last, windows.size()) / seconds(windows.size() - last, windows.size());
    }

    /** Purchases of the first ten seconds per second, as a share of the plateau. */
    double firstSecondsShare() {
        int first = Math.min(windows.size(), Math.max(1, FIRST_SECONDS / windowSeconds));
        double plateau = plateau();
        return plateau == 0 ? 0 : purchases(0, first) / seconds(0, first) / plateau;
    }

    /** Seconds from the start to the end of the first window at 0.9 of the plateau or more; -1 when none is. */
    int secondsToNineTenths() {
        double target = 0.9 * plateau();
        for (int i = 0; i < windows.size(); i++) {
            if (purchasesPerSecond(i) >= target) {
                return (i + 1) * windowSeconds;
            }
        }
        return -1;
    }

    /** The first ten seconds' 503s, p99 (every answer) and timeouts. */
    long firstSecondsBusy() {
        return windows.subList(0, Math.min(windows.size(), FIRST_SECONDS / windowSeconds)).stream().mapToLong(CrowdRun::busy).sum();
    }

    int firstSecondsP99Ms() {
        return windows.subList(0, Math.min(windows.size(), FIRST_SECONDS / windowSeconds)).stream()
                .mapToInt(run -> run.percentileMs(0.99)).max().orElse(0);
    }

    String table() {
        StringBuilder t = new StringBuilder("| after ready | purchases/s | p99 | 503 | timeouts | other 5xx |\n|---|---:|---:|---:|---:|---:|\n");
        for (int i = 0; i < windows.size(); i++) {
            CrowdRun run = windows.get(i);
            t.append(String.format(Locale.ROOT, "| %d-%d s | %,.0f | %,d ms | %,d | %,d | %,d |%n", i * windowSeconds, (i + 1) * windowSeconds,
                    purchasesPerSecond(i), run.percentileMs(0.99), run.busy(), run.timeouts(), run.serverErrors()));
        }
        return t.toString();
    }

    String summary() {
        return String.format(Locale.ROOT, "plateau (last %d s) %,.0f purchases/s; first %d s %.2f of it (503: %,d, p99 %,d ms); "
                        + "0.9 of it %s", Math.min(PLATEAU_SECONDS, windows.size() * windowSeconds), plateau(), FIRST_SECONDS,
                firstSecondsShare(), firstSecondsBusy(), firstSecondsP99Ms(),
                secondsToNineTenths() < 0 ? "never reached" : "reached after " + secondsToNineTenths() + " s");
    }

    /**
     * Around instances that joined the sale: the purchase rate before they were started, while they started (the
     * machine's cores shared with their start and warm-up), in the ten seconds after they were ready and since
     * then; the 503s and p99 after they were ready.
     */
    String joinSummary(double startedAt, double readyAt) {
        int started = (int) (startedAt / windowSeconds);
        int ready = Math.min(windows.size(), (int) Math.ceil(readyAt / windowSeconds));
        int firstAfter = Math.min(windows.size(), ready + FIRST_SECONDS / windowSeconds);
        long busyAfter = windows.subList(ready, windows.size()).stream().mapToLong(CrowdRun::busy).sum();
        int p99After = windows.subList(ready, windows.size()).stream().mapToInt(run -> run.percentileMs(0.99)).max().orElse(0);
        return String.format(Locale.ROOT, "before they started %,.0f purchases/s; while they started and warmed up (%.0f-%.0f s) %,.0f; "
                        + "the first %d s after they were ready %,.0f; from then on %,.0f; after they were ready: 503 %,d, p99 %,d ms",
                rate(0, started), startedAt, readyAt, rate(started, ready), FIRST_SECONDS, rate(ready, firstAfter),
                rate(firstAfter, windows.size()), busyAfter, p99After);
    }

    private double rate(int from, int to) {
        return from >= to ? 0 : purchases(from, to) / seconds(from, to);
    }

    private double purchases(int from, int to) {
        return windows.subList(from, to).stream().mapToLong(run -> run.count("purchase", 202)).sum();
    }

    private double seconds(int from, int to) {
        return windows.subList(from, to).stream().mapToDouble(CrowdRun::seconds).sum();
    }
}
