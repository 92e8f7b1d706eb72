package com.seckill.loadtest.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

/**
 * A crowd phase cut into consecutive windows of the same length (the last one may be shorter): the tally answers
 * go to now, and what each window over saw, with the share of a core the crowd's thread took in it.
 */
final class CrowdWindows {

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final List<CrowdRun> closed = new ArrayList<>();
    private final long windowNanos;
    private final long end;
    private final int maxMs;
    private CrowdTally tally;
    private long windowStart;
    private long windowEnd;
    private long cpuStart;

    CrowdWindows(long start, long end, long windowNanos, int maxMs) {
        this.end = end;
        this.windowNanos = windowNanos;
        this.maxMs = maxMs;
        this.tally = new CrowdTally(maxMs);
        this.windowStart = start;
        this.windowEnd = Math.min(end, start + windowNanos);
        this.cpuStart = threads.getCurrentThreadCpuTime();
    }

    /** Where answers, timeouts and broken connections are counted now. */
    CrowdTally tally() {
        return tally;
    }

    /** Closes the window under way when {@code now} is past it. */
    void at(long now) {
        if (now >= windowEnd) {
            close(now);
            windowEnd = Math.min(end, now + windowNanos);
        }
    }

    /** Every window, the one under way closed at {@code now}. */
    List<CrowdRun> finish(long now) {
        if (closed.isEmpty() || windowStart < end) {
            close(now);
        }
        return closed;
    }

    private void close(long now) {
        double seconds = Math.max(now - windowStart, 1) / 1e9;
        long cpu = threads.getCurrentThreadCpuTime();
        closed.add(tally.run(seconds, (cpu - cpuStart) / 1e9 / seconds));
        tally = new CrowdTally(maxMs);
        cpuStart = cpu;
        windowStart = now;
    }
}
