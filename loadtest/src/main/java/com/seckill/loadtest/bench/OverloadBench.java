package com.seckill.loadtest.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code ./seckill bench overload} (contract §11, invariant 7): the system, per-IP limit raised and
 * nothing else, under crowds from 50 to 5,000 connections of new shoppers (a path, then a purchase),
 * a 500-unit flash sale under 5,000, and the routing floor (reading an activity) at 50 and 5,000.
 * Writes the table and its verdicts into docs/PERFORMANCE.md.
 */
final class OverloadBench {

    static final int[] CROWDS = {50, 500, 2_000, 5_000};
    static final int PEAK = 500;
    static final int TEN_TIMES = 5_000;
    static final int FLASH_STOCK = 500;
    private static final int FLOOR_FEW = 50;
    private static final Duration SETTLE = Duration.ofSeconds(5);
    private static final int WARM_CONNECTIONS = 200;

    private final BenchSettings settings;
    private final Map<String, String> env;
    private final BenchSystem system;
    private final int seconds;

    private OverloadBench(BenchSettings settings, Map<String, String> env) {
        this.settings = settings;
        this.env = env;
        // one machine is one address: only the per-IP limit is raised, the shoppers are all different
        this.system = new BenchSystem(settings, Map.of("PERIP", env.getOrDefault("SECKILL_GATEWAY_RATELIMIT_PERIP", Bench.RAISED_LIMIT)));
        this.seconds = Integer.parseInt(env.getOrDefault("BENCH_OVERLOAD_SECONDS", "20").strip());
    }

    static void run(BenchSettings settings, Map<String, String> env) throws Exception {
        new OverloadBench(settings, env).measure();
    }

    private void measure() throws Exception {
        system.isolate();
        Thread stopOnExit = new Thread(system::stopWhatRuns, "bench-stop");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        try {
            System.out.println("==> bench overload: starting the services");
            system.launcher("up");
            LoadDriver api = new LoadDriver(settings.gateway(), 1);
            String admin = api.token(1, true);
            long sale = api.createActivity(admin, "overload", 1_000_000);
            long flash = api.createActivity(admin, "overload flash sale", FLASH_STOCK);
            Crowd crowd = new Crowd(settings.gateway(), env.get("SECKILL_GATEWAY_JWT_SECRET"), BenchSettings.FIRST_USER);

            warmUp(crowd, sale);
            List<OverloadReport.Row> rows = new ArrayList<>();
            for (int connections : CROWDS) {
                rows.add(phase(crowd, "purchase", "new shoppers (path + purchase)", sale, connections));
            }
            OverloadReport.Row flashRow = phase(crowd, "purchase", FLASH_STOCK + "-unit flash sale", flash, TEN_TIMES);
            rows.add(flashRow);
            rows.add(phase(crowd, "browse", "routing floor (GET an activity)", sale, FLOOR_FEW));
            rows.add(phase(crowd, "browse", "routing floor (GET an activity)", sale, TEN_TIMES));
            long sold = new SaleOrders(api, admin).settled(flash, 60);
            OverloadReport report = new OverloadReport(rows, sold, Machine.describe(settings, env, system.settings()));
            report.write(settings.root().resolve("docs/PERFORMANCE.md"));
            System.out.println(report.table());
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
                system.stopWhatRuns();
            } catch (IllegalStateException shuttingDown) {
                // a signal ended the run: the hook stops the services
            }
        }
    }

    /**
     * Rounds of {@code BENCH_WARMUP_SECONDS} at {@value #WARM_CONNECTIONS} connections of new shoppers until
     * the purchase rate levels ({@link WarmUpRounds}), then one round of the floor: the services were just
     * started, and on a slow machine their JIT compiles for minutes (a run with one 20-second round measured
     * a third of the warm rate, the compiler threads taking half of the CPU).
     */
    private void warmUp(Crowd crowd, long sale) throws Exception {
        WarmUpRounds rounds = new WarmUpRounds();
        for (int round = 1; ; round++) {
            CrowdRun run = crowd.run("purchase", sale, WARM_CONNECTIONS, settings.warmupSeconds());
            double rate = run.perSecond(run.count("purchase", 202));
            System.out.printf("==> warm-up %d: %d s at %d connections, %.0f purchases/s (not reported)%n", round,
                    settings.warmupSeconds(), WARM_CONNECTIONS, rate);
            if (!rounds.another(rate)) {
                break;
            }
        }
        crowd.run("browse", sale, WARM_CONNECTIONS, settings.warmupSeconds());
    }

    private OverloadReport.Row phase(Crowd crowd, String mode, String label, long activity, int connections) throws Exception {
        Thread.sleep(SETTLE.toMillis()); // the consumer catches up, connections of the last phase go idle
        System.out.printf("==> %s: %d connections, %d s%n", label, connections, seconds);
        CrowdRun run = crowd.run(mode, activity, connections, seconds);
        System.out.printf("    %s (the crowd took %.2f of a core); p99 of the 503s %d ms, of the other answers %d ms%n", run.statuses(),
                run.driverCores(), run.percentileMs(0.99, status -> status == 503), run.percentileMs(0.99, status -> status != 503));
        return new OverloadReport.Row(label, mode, connections, run);
    }
}
