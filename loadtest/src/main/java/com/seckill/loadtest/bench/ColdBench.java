package com.seckill.loadtest.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;

/**
 * {@code ./seckill bench cold}: a sale met by a system that has just started, as after a deploy or a restart.
 * The services are started once (built if needed; a jar's first run records its AOT cache) and a sale of a million
 * units created and sold for a minute, then all stopped (the caches are written) and started again; the moment {@code up} says the system is ready, a crowd of new shoppers (path and
 * purchase) buys for three minutes, measured in five-second windows. Then a second instance of each inner
 * service is started in the middle of the same sale, as a scale-out would, and the windows around its joining
 * are measured the same way. Writes docs/PERFORMANCE.md's cold-start part.
 */
final class ColdBench {

    static final String BEGIN = "<!-- cold:begin (written by ./seckill bench cold; edits between these markers are lost) -->";
    static final String END = "<!-- cold:end -->";
    private static final int CONNECTIONS = 100;
    private static final int WINDOW_SECONDS = 5;
    private static final int TRAINING_SECONDS = 60;
    private static final int JOIN_AFTER_SECONDS = 20;

    private final BenchSettings settings;
    private final Map<String, String> env;
    private final BenchSystem system;
    private final int seconds;
    private final int joinSeconds;

    private ColdBench(BenchSettings settings, Map<String, String> env) {
        this.settings = settings;
        this.env = env;
        this.system = new BenchSystem(settings, Map.of("PERIP", env.getOrDefault("SECKILL_GATEWAY_RATELIMIT_PERIP", Bench.RAISED_LIMIT),
                "PERACTIVITY", env.getOrDefault("SECKILL_GATEWAY_RATELIMIT_PERACTIVITY", Bench.RAISED_LIMIT)));
        this.seconds = Integer.parseInt(env.getOrDefault("BENCH_COLD_SECONDS", "180").strip());
        this.joinSeconds = Integer.parseInt(env.getOrDefault("BENCH_JOIN_SECONDS", "160").strip());
    }

    static void run(BenchSettings settings, Map<String, String> env) throws Exception {
        new ColdBench(settings, env).measure();
    }

    private void measure() throws Exception {
        system.isolate();
        Thread stopOnExit = new Thread(system::stopWhatRuns, "bench-stop");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        try {
            System.out.println("==> bench cold: starting the services (two instances of each inner service), creating the sale, "
                    + TRAINING_SECONDS + " s of it (a jar's first run records its AOT cache, written as it stops)");
            system.launcher("up", "--instances", "2");
            LoadDriver api = new LoadDriver(settings.gateway(), 1);
            long sale = api.createActivity(api.token(1, true), "cold start", 1_000_000);
            Crowd crowd = new Crowd(settings.gateway(), env.get("SECKILL_GATEWAY_JWT_SECRET"), BenchSettings.FIRST_USER);
            CrowdRun before = crowd.run("purchase", sale, CONNECTIONS, TRAINING_SECONDS);
            System.out.printf("    %.0f purchases/s%n", before.perSecond(before.count("purchase", 202)));
            Properties machine = Machine.describe(settings, env, system.settings());
            System.out.println("==> stopping every service, then starting one instance of each: the sale begins when up returns");
            system.launcher("down");
            long upStarted = System.nanoTime();
            system.launcher("up");
            double upSeconds = (System.nanoTime() - upStarted) / 1e9;
            ColdStart fresh = new ColdStart(crowd.runInWindows("purchase", sale, CONNECTIONS, seconds, WINDOW_SECONDS), WINDOW_SECONDS);
            System.out.print(fresh.table());
            System.out.println("    " + fresh.summary());

            System.out.printf("==> the same sale, a second instance of each inner service started after %d s%n", JOIN_AFTER_SECONDS);
            CompletableFuture<Double> joined = CompletableFuture.supplyAsync(() -> startSecondInstances(JOIN_AFTER_SECONDS));
            ColdStart join = new ColdStart(crowd.runInWindows("purchase", sale, CONNECTIONS, joinSeconds, WINDOW_SECONDS), WINDOW_SECONDS);
            double joinedAfter = joined.get();
            System.out.print(join.table());
            System.out.println("    " + join.joinSummary(JOIN_AFTER_SECONDS, joinedAfter));
            String report = report(machine, upSeconds, fresh, join, joinedAfter);
            MarkedSection.write(settings.root().resolve("docs/PERFORMANCE.md"), BEGIN, END, BEGIN + "\n\n" + report + END);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
                system.stopWhatRuns();
            } catch (IllegalStateException shuttingDown) {
                // a signal ended the run: the hook stops the services
            }
        }
    }

    /** After {@code after} seconds, {@code up --instances 2}: the missing instances start; seconds from now until it returned. */
    private double startSecondInstances(int after) {
        long start = System.nanoTime();
        try {
            Thread.sleep(after * 1000L);
            system.launcher("up", "--instances", "2");
        } catch (Exception e) {
            throw new IllegalStateException("could not start the second instances: " + e.getMessage(), e);
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private String report(Properties machine, double upSeconds, ColdStart fresh, ColdStart join, double joinedAfter) throws Exception {
        StringBuilder r = new StringBuilder();
        r.append(String.format(Locale.ROOT, "Run %s on %s (%s cores), commit %s: `./seckill bench cold`. Services' JVM: %s; options `%s`; "
                        + "AOT caches: %s. `up` took %.0f s from the stop; %d connections of new shoppers (path + purchase, closed loop) from "
                        + "the moment it returned.%n%n", machine.getProperty("date", "?"), machine.getProperty("cpu", "?"),
                machine.getProperty("cores", "?"), machine.getProperty("commit", "?"), servicesJvm(), machine.getProperty("java.opts", "?"),
                aotCaches(), upSeconds, CONNECTIONS));
        r.append(fresh.table()).append('\n').append("**Fresh start**: ").append(fresh.summary()).append(".\n\n");
        r.append(String.format(Locale.ROOT, "A second instance of each inner service started %d s into the same sale (`up --instances 2`, "
                + "which returned once they were ready, %.0f s in):%n%n", JOIN_AFTER_SECONDS, joinedAfter));
        r.append(join.table()).append('\n').append("**Joining mid-sale**: ").append(join.joinSummary(JOIN_AFTER_SECONDS, joinedAfter))
                .append(".\n\n");
        return r.toString();
    }

    private String servicesJvm() {
        Path version = settings.root().resolve(".run/services-java.txt");
        try {
            return Files.exists(version) ? Files.readString(version).strip() : "the launcher's java";
        } catch (Exception e) {
            return "?";
        }
    }

    /** The AOT caches beside the services' extracted jars ({@code .run/app/<service>/<jar digest>/}), with their sizes. */
    private String aotCaches() {
        List<String> caches = new ArrayList<>();
        for (String service : BenchSystem.SERVICES) {
            Path dir = settings.root().resolve(".run/app/" + service);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (var found = Files.find(dir, 2, (path, attributes) -> path.toString().endsWith(".aot"))) {
                for (Path cache : found.toList()) {
                    caches.add(String.format(Locale.ROOT, "%s %.0f MB", service, Files.size(cache) / 1e6));
                }
            } catch (Exception e) {
                caches.add(service + " ?");
            }
        }
        return caches.isEmpty() ? "none" : String.join(", ", caches);
    }
}
