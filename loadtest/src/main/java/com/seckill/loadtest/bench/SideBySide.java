package com.seckill.loadtest.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The platform and the DB-only app under the same crowd (issue 26, {@link Crowd}): new shoppers, 100 and then
 * 5,000 connections, each for the same seconds, one after the other on this machine, every attempt able to
 * buy (a million units). The platform is measured while it runs; the DB-only app once the services are down.
 */
final class SideBySide {

    static final int[] CONNECTIONS = {100, 5_000};
    static final int UNITS = 1_000_000;
    private static final int WARM_UP_CONNECTIONS = 100;
    private static final long SETTLE_MS = 5_000;

    private final BenchSettings settings;
    private final Map<String, String> env;
    private final int seconds;
    private final List<SideBySideReport.Row> rows = new ArrayList<>();
    private RedisPerAttempt redisPerAttempt;

    SideBySide(BenchSettings settings, Map<String, String> env) {
        this.settings = settings;
        this.env = env;
        this.seconds = Integer.parseInt(env.getOrDefault("BENCH_VERSUS_SECONDS", "20").strip());
    }

    /** The running platform: a sale of its own, warmed by an unreported crowd, then each crowd. */
    void platform() throws Exception {
        LoadDriver api = new LoadDriver(settings.gateway(), 1);
        long sale = api.createActivity(api.token(1, true), "bench side by side", UNITS);
        Crowd crowd = new Crowd(settings.gateway(), env.get("SECKILL_GATEWAY_JWT_SECRET"), BenchSettings.FIRST_USER + 80_000_000L);
        try (RedisCommands redis = RedisCommands.watch(settings.root(), settings.redisHost(), settings.redisPort())) {
            measure(crowd, "purchase", sale, redis);
        }
    }

    /** The DB-only app on the same database server, alone on the machine (the services are down). */
    void dbOnly() throws Exception {
        try (DbOnlyProcess app = new DbOnlyProcess(settings)) {
            app.start(env.get("SECKILL_JAVA_OPTS"));
            long sale = 1;
            app.stock(sale, UNITS);
            measure(new Crowd(app.url(), null, BenchSettings.FIRST_USER), "dbonly", sale, null);
        }
    }

    /** With {@code redis}, what clients send to Redis is counted over the first crowd and over as long a quiet time before it. */
    private void measure(Crowd crowd, String mode, long sale, RedisCommands redis) throws Exception {
        System.out.printf("==> %s: warm-up, %d s at %d connections (not reported)%n", mode, seconds, WARM_UP_CONNECTIONS);
        crowd.run(mode, sale, WARM_UP_CONNECTIONS, seconds);
        for (int connections : CONNECTIONS) {
            Thread.sleep(SETTLE_MS); // the last crowd's connections close, the consumer catches up
            Map<String, Long> quiet = Map.of();
            if (redis != null && connections == CONNECTIONS[0]) {
                System.out.printf("==> %s: %d s with no crowd, for the Redis commands of the background jobs%n", mode, seconds);
                redis.take();
                Thread.sleep(seconds * 1000L);
                quiet = redis.take();
            }
            System.out.printf("==> %s: %d connections, %d s%n", mode, connections, seconds);
            CrowdRun run = crowd.run(mode, sale, connections, seconds);
            System.out.printf("    %s%n", run.statuses());
            rows.add(new SideBySideReport.Row(mode, connections, run));
            if (redis != null && connections == CONNECTIONS[0]) {
                redisPerAttempt = RedisPerAttempt.of(redis.take(), run.seconds(), quiet, seconds, attempts(run));
                System.out.printf("    Redis commands per attempt: %.2f on the purchase path%n", redisPerAttempt.purchasePath());
            }
        }
    }

    /** Shoppers who asked for a path: each is one attempt (its purchase follows when a path came back). */
    private static long attempts(CrowdRun run) {
        return run.statuses().entrySet().stream().filter(e -> e.getKey().startsWith("token ")).mapToLong(Map.Entry::getValue).sum();
    }

    RedisPerAttempt redisPerAttempt() {
        return redisPerAttempt;
    }

    List<SideBySideReport.Row> rows() {
        return rows;
    }
}
