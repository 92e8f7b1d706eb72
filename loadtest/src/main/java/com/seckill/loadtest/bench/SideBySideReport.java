package com.seckill.loadtest.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * The side-by-side table of docs/PERFORMANCE.md: the platform's attempts against the DB-only app's, at the
 * same crowd, and the targets of issue 26 (at least 2x the attempts a second, at most half the p99).
 */
final class SideBySideReport {

    static final String BEGIN = "<!-- side-by-side:begin (written by ./seckill bench; edits between these markers are lost) -->";
    static final String END = "<!-- side-by-side:end -->";

    /** One crowd on one system: purchase (the platform: a path, then a purchase) or dbonly (one request). */
    record Row(String mode, int connections, CrowdRun run) {

        /** Attempts that got an answer deciding them: bought, sold out, refused; not BUSY (503) or rate-limited (429). */
        long decided() {
            return run.statuses().entrySet().stream().filter(e -> decides(e.getKey())).mapToLong(e -> e.getValue()).sum();
        }

        private boolean decides(String key) {
            String[] kindStatus = key.split(" ");
            int status = Integer.parseInt(kindStatus[1]);
            if (status == 503 || status == 429 || status >= 500) {
                return false;
            }
            return !kindStatus[0].equals("token") || status != 200; // a path given is half an attempt: its purchase decides it
        }

        double attemptsPerSecond() {
            return run.perSecond(decided());
        }

        /** Units taken a second: 202 QUEUED on the platform, 200 BOUGHT on the DB-only app. */
        double boughtPerSecond() {
            return mode.equals("dbonly") ? run.perSecond(run.count("dbonly", 200)) : run.perSecond(run.count("purchase", 202));
        }
    }

    private final List<Row> rows;
    private final RedisPerAttempt redis;
    private final Properties machine;

    /** {@code redis} may be null: not counted. */
    SideBySideReport(List<Row> rows, RedisPerAttempt redis, Properties machine) {
        this.rows = rows;
        this.redis = redis;
        this.machine = machine;
    }

    private Optional<Row> row(String mode, int connections) {
        return rows.stream().filter(r -> r.mode().equals(mode) && r.connections() == connections).findFirst();
    }

    String table() {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "Run %s on %s (%s cores), commit %s: the same crowd (new shoppers, closed loop, "
                        + "10 s timeout, one thread of the bench on the same cores) against the platform through its gateway and against the DB-only app (`db-only-app`: Spring MVC, one "
                        + "`UPDATE ... SET stock = stock - 1 WHERE id = ? AND stock > 0` per request, Tomcat's and Hikari's defaults), one after "
                        + "the other, %s units so that every attempt may buy. A platform attempt is a path request and its purchase (two "
                        + "answers); a DB-only attempt is one request. Attempts count when an answer decided them (bought, sold out, refused), "
                        + "not 503 BUSY or 429; the answer times are of every request.%n%n",
                machine.getProperty("date", "?"), machine.getProperty("cpu", "?"), machine.getProperty("cores", "?"),
                machine.getProperty("commit", "?"), String.format(Locale.ROOT, "%,d", SideBySide.UNITS)));
        t.append("| connections | system | attempts/s | bought/s | p50 | p99 | timeouts | 503 | other 5xx |\n");
        t.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            t.append(String.format(Locale.ROOT, "| %,d | %s | %,.0f | %,.0f | %,d ms | %,d ms | %,d | %,d | %,d |%n", r.connections(),
                    r.mode().equals("dbonly") ? "DB-only app" : "platform", r.attemptsPerSecond(), r.boughtPerSecond(),
                    r.run().percentileMs(0.5), r.run().percentileMs(0.99), r.run().timeouts(), r.run().busy(), r.run().serverErrors()));
        }
        t.append("\n| connections | attempts/s, platform / DB-only | target | p99, platform / DB-only | target |\n|---:|---:|---|---:|---|\n");
        for (int connections : SideBySide.CONNECTIONS) {
            Optional<Row> platform = row("purchase", connections);
            Optional<Row> dbOnly = row("dbonly", connections);
            if (platform.isEmpty() || dbOnly.isEmpty()) {
                continue;
            }
            double attempts = ratio(platform.get().attemptsPerSecond(), dbOnly.get().attemptsPerSecond());
            double p99 = ratio(platform.get().run().percentileMs(0.99), dbOnly.get().run().percentileMs(0.99));
            t.append(String.format(Locale.ROOT, "| %,d | %.2fx | >= 2x%s | %.2fx | <= 0.5x%s |%n", connections, attempts,
                    attempts >= 2 ? " (met)" : " (**not met**)", p99, p99 <= 0.5 ? " (met)" : " (**not met**)"));
        }
        if (redis != null) {
            t.append('\n').append(redis.table());
        }
        return t.toString();
    }

    private static double ratio(double a, double b) {
        return b == 0 ? Double.NaN : a / b;
    }

    void write(Path doc) throws IOException {
        MarkedSection.write(doc, BEGIN, END, BEGIN + "\n\n" + table() + "\n" + END);
    }
}
