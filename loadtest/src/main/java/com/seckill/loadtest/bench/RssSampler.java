package com.seckill.loadtest.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Properties;

/**
 * The services' resident memory while the bench runs: about once a second, the RSS of each service
 * the launcher started (its pid file in .run/, /proc/PID/status), into target/bench/rss.log with the
 * phase under way; the highest sample of each and of their sum into rss.properties.
 */
final class RssSampler implements AutoCloseable {

    private final Path root;
    private final Path log;
    private final List<String> services;
    private final long[] highest;
    private volatile String phase = "-";
    private long highestSum;
    private Thread thread;

    RssSampler(Path root, Path out, List<String> services) {
        this.root = root;
        this.log = out.resolve("rss.log");
        this.services = services;
        this.highest = new long[services.size()];
    }

    void phase(String name) {
        phase = name;
    }

    void start() {
        thread = new Thread(this::sampleEverySecond, "rss-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    private void sampleEverySecond() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                sample();
                Thread.sleep(1_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            System.err.println("bench: RSS sampling stopped: " + e.getMessage());
        }
    }

    private synchronized void sample() throws IOException {
        StringBuilder line = new StringBuilder().append(System.currentTimeMillis() / 1000).append('\t').append(phase).append('\t');
        long sum = 0;
        for (int i = 0; i < services.size(); i++) {
            long kib = rssKib(services.get(i));
            highest[i] = Math.max(highest[i], kib);
            sum += kib;
            line.append(i == 0 ? "" : " ").append(kib);
        }
        highestSum = Math.max(highestSum, sum);
        Files.writeString(log, line.append('\n'), StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** VmRSS of the service's process, 0 when it is not running. */
    private long rssKib(String service) {
        try {
            String pid = Files.readString(root.resolve(".run").resolve(service + ".pid")).strip();
            for (String line : Files.readAllLines(Path.of("/proc", pid, "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // stopped, or between a stop and a start
        }
        return 0;
    }

    /** The highest sample of each service and of the sum, in KiB. */
    synchronized Properties summary() {
        Properties summary = new Properties();
        for (int i = 0; i < services.size(); i++) {
            summary.setProperty(services.get(i) + ".max.kib", String.valueOf(highest[i]));
        }
        summary.setProperty("total.max.kib", String.valueOf(highestSum));
        return summary;
    }

    @Override
    public void close() throws InterruptedException {
        if (thread != null) {
            thread.interrupt();
            thread.join(5_000);
        }
    }
}
