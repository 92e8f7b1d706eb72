package com.seckill.loadtest.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The share of a core each process took over a stretch of a bench: the services the launcher started (their pid
 * files in .run/, utime + stime of /proc/PID/stat) and the bench's own crowd (this JVM), which runs on the same
 * cores and whose delay is part of every answer time it records.
 */
final class CpuShares {

    /** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every architecture Java runs on here. */
    private static final double TICKS_PER_SECOND = 100;
    static final String CROWD = "crowd";

    private final Path root;
    private final List<String> services;
    private final Map<String, Double> startSeconds;
    private final long startNanos = System.nanoTime();

    private CpuShares(Path root, List<String> services) {
        this.root = root;
        this.services = services;
        this.startSeconds = cpuSeconds();
    }

    /** Starts measuring now. */
    static CpuShares from(Path root, List<String> services) {
        return new CpuShares(root, services);
    }

    /** Each process's cores since the start (CPU seconds over wall seconds), the crowd first. */
    Map<String, Double> cores() {
        double wall = (System.nanoTime() - startNanos) / 1e9;
        Map<String, Double> now = cpuSeconds();
        Map<String, Double> cores = new LinkedHashMap<>();
        now.forEach((name, seconds) -> cores.put(name, wall <= 0 ? 0 : (seconds - startSeconds.getOrDefault(name, seconds)) / wall));
        return cores;
    }

    private Map<String, Double> cpuSeconds() {
        Map<String, Double> seconds = new LinkedHashMap<>();
        seconds.put(CROWD, ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9);
        for (String service : services) {
            seconds.put(service, serviceSeconds(service));
        }
        return seconds;
    }

    private double serviceSeconds(String service) {
        try {
            String pid = Files.readString(root.resolve(".run").resolve(service + ".pid")).strip();
            return ticks(Files.readString(Path.of("/proc", pid, "stat"))) / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return 0; // not running
        }
    }

    /** utime + stime of a /proc/PID/stat line (fields 14 and 15; the command in field 2 may hold spaces). */
    static long ticks(String stat) {
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(after[11]) + Long.parseLong(after[12]);
    }
}
