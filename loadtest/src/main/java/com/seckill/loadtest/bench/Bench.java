package com.seckill.loadtest.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * {@code ./seckill bench}: starts the services with raised rate limits on a database, RabbitMQ vhost and
 * Redis database of their own (emptied first), measures the routing floor, the sold-out storm, the
 * purchase burst and the order drain through the gateway, the platform and the DB-only app side by side
 * under the same crowds, and the same transaction on raw MariaDB; samples the services' RSS, stops them,
 * and writes target/bench/ and docs/PERFORMANCE.md.
 */
public final class Bench {

    static final String RAISED_LIMIT = "1000000";

    private final BenchSettings settings;
    private final Map<String, String> env;
    private final BenchSystem bench;
    private final Properties results = new Properties();
    private final RssSampler rss;

    private Bench(BenchSettings settings, Map<String, String> env) {
        this.settings = settings;
        this.env = env;
        this.rss = new RssSampler(settings.root(), settings.out(), BenchSystem.SERVICES);
        // one machine is one address and a few users: the limiter runs on every request, never refuses
        Map<String, String> limits = new HashMap<>();
        for (String limit : List.of("PERIP", "PERUSER", "PERACTIVITY")) {
            limits.put(limit, env.getOrDefault("SECKILL_GATEWAY_RATELIMIT_" + limit, RAISED_LIMIT));
        }
        this.bench = new BenchSystem(settings, limits);
    }

    /** {@code ./seckill bench [overload | waiting-room | cold]}. */
    public static int run(Map<String, String> env, List<String> args) throws Exception {
        BenchSettings settings = BenchSettings.from(env);
        BenchSystem.requireFreePorts();
        deleteTree(settings.out());
        Files.createDirectories(settings.out());
        if (args.contains("overload")) {
            OverloadBench.run(settings, env);
        } else if (args.contains("waiting-room")) {
            WaitingRoomBench.run(settings, env);
        } else if (args.contains("cold")) {
            ColdBench.run(settings, env);
        } else {
            new Bench(settings, env).measure();
        }
        return 0;
    }

    private void measure() throws Exception {
        long start = System.nanoTime();
        bench.isolate();
        // Ctrl-C or a kill skips the finally below: the services it started must not outlive the bench
        Thread stopOnExit = new Thread(bench::stopWhatRuns, "bench-stop");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        try (RssSampler sampler = rss) {
            phase("starting the services");
            bench.launcher("up");
            Properties machine = Machine.describe(settings, env, bench.settings());
            save(machine, "machine.properties");
            rss.start();
            BenchPhases phases = new BenchPhases(settings, results);
            phase("load: warm-up, routing floor, sold-out storm, purchase burst");
            phases.load();
            phase("order drain: queue filled while order-service is stopped");
            bench.launcher("down", "order-service");
            phases.fill();
            phase("order drain: order-service started on the full queue");
            phases.watchDrain();
            bench.launcher("up");
            phases.drain();
            rss.close();
            SideBySide sideBySide = new SideBySide(settings, env);
            System.out.println("==> bench: side by side, the platform under crowds of " + SideBySide.CONNECTIONS[0] + " and "
                    + SideBySide.CONNECTIONS[1] + " new shoppers (not in the RSS figures)");
            sideBySide.platform();
            System.out.println("==> bench: stopping the services");
            bench.launcher("down");
            System.out.println("==> bench: side by side, the DB-only app under the same crowds");
            sideBySide.dbOnly();
            // as order-service said while it ran (the raw figure is at the consumer's concurrency)
            String concurrency = machine.getProperty(Machine.CONSUMER_CONCURRENCY, "?");
            if (!concurrency.matches("[1-9][0-9]{0,3}")) {
                throw new IllegalStateException("order-service did not say its consumer's concurrency (" + OrderConsumerSettings.INFO + ")");
            }
            phase("raw MariaDB: the consumer's transaction at concurrency " + concurrency);
            new RawMariaDb(settings, results).run(Integer.parseInt(concurrency));
            new BenchReport(results, machine, rss.summary()).write(settings.root().resolve("docs/PERFORMANCE.md"));
            SideBySideReport sideBySideReport = new SideBySideReport(sideBySide.rows(), sideBySide.redisPerAttempt(), machine);
            sideBySideReport.write(settings.root().resolve("docs/PERFORMANCE.md"));
            System.out.println(sideBySideReport.table());
            System.out.printf("bench done in %d s: docs/PERFORMANCE.md, target/bench/%n", (System.nanoTime() - start) / 1_000_000_000L);
        } finally {
            if (removed(stopOnExit)) { // else a signal ended the run, and the hook is stopping the services
                bench.stopWhatRuns(); // nothing left to stop after a whole run; after a failure, what it started
                save(results, "results.properties");
                save(rss.summary(), "rss.properties");
            }
        }
    }

    private void phase(String name) {
        rss.phase(name);
        System.out.println("==> bench: " + name);
    }

    /** Whether the hook could be taken back: not once the JVM is shutting down. */
    private static boolean removed(Thread hook) {
        try {
            return Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            return false;
        }
    }

    private void save(Properties properties, String name) throws IOException {
        try (OutputStream out = Files.newOutputStream(settings.out().resolve(name))) {
            properties.store(out, "seckill bench");
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }
}
