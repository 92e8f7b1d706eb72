package com.seckill.loadtest.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;

/**
 * What a bench run uses, from the environment ({@code BENCH_*}, {@code SECKILL_*}; {@code ./seckill help}).
 * The system runs on a database, RabbitMQ vhost and Redis database of its own, emptied first: the pay
 * timers of an earlier run's orders would otherwise fire in the middle of this one's measurements, and
 * the demo data of {@code ./seckill up} stays untouched.
 */
record BenchSettings(Path root, String gateway, int connections, int users, int drain, int seconds, int warmupSeconds,
                     String dbHost, String dbPort, String dbUser, String dbPassword, String redisHost, int redisPort,
                     String rabbitUser) {

    static final String DATABASE = "seckill_bench";
    static final String RAW_DATABASE = "seckill_bench_raw";
    static final String VHOST = "seckill_bench";
    static final int REDIS_DATABASE = 2;
    /** Bench users get ids far from the demo data and from real test users. */
    static final long FIRST_USER = 7_000_000L;

    static BenchSettings from(Map<String, String> env) {
        return new BenchSettings(Path.of(get(env, "SECKILL_ROOT", ".")).toAbsolutePath(),
                get(env, "BENCH_URL", "http://127.0.0.1:8080"), number(env, "BENCH_CONNECTIONS", 64),
                number(env, "BENCH_USERS", 10_000), number(env, "BENCH_DRAIN", 10_000), number(env, "BENCH_SECONDS", 15),
                number(env, "BENCH_WARMUP_SECONDS", 20), get(env, "SECKILL_DB_HOST", "127.0.0.1"),
                get(env, "SECKILL_DB_PORT", "3306"), get(env, "SECKILL_DB_USER", "root"), get(env, "SECKILL_DB_PASSWORD", ""),
                get(env, "SECKILL_REDIS_HOST", "127.0.0.1"), number(env, "SECKILL_REDIS_PORT", 6379),
                get(env, "SECKILL_RABBIT_USER", "guest"));
    }

    Path out() {
        return root.resolve("target/bench");
    }

    /** A connection to {@code schema} on the configured MariaDB/MySQL; an empty schema for the server itself. */
    Connection db(String schema) throws SQLException {
        return db(schema, false);
    }

    /** multiQueries: one execute may run a whole SQL file (the schema), nothing else does. */
    Connection db(String schema, boolean multiQueries) throws SQLException {
        String url = "jdbc:mysql://" + dbHost + ":" + dbPort + "/" + schema + "?useSSL=false&allowPublicKeyRetrieval=true"
                + "&connectionTimeZone=UTC&forceConnectionTimeZoneToSession=true&rewriteBatchedStatements=true"
                + (multiQueries ? "&allowMultiQueries=true" : "");
        return DriverManager.getConnection(url, dbUser, dbPassword);
    }

    private static String get(Map<String, String> env, String name, String fallback) {
        String value = env.get(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    private static int number(Map<String, String> env, String name, int fallback) {
        String value = get(env, name, String.valueOf(fallback));
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number (got '" + value + "')");
        }
    }
}
