package com.seckill.loadtest.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * The overload table of docs/PERFORMANCE.md and what it says against contract §11's invariant 7: at
 * 5,000 connections goodput at least 0.9 of the figure at 500, every answer within a second (p99), no
 * timeout and no 5xx other than 503; the flash sale sells exactly its stock; the routing floor keeps
 * 0.9 of its rate at 50.
 */
final class OverloadReport {

    static final String BEGIN = "<!-- overload:begin (written by ./seckill bench overload; edits between these markers are lost) -->";
    static final String END = "<!-- overload:end -->";

    /** One phase: what the crowd was, and what it saw. */
    record Row(String label, String mode, int connections, CrowdRun run) {

        /** Purchases accepted (202) per second, or answers per second for the routing floor. */
        double goodput() {
            return mode.equals("browse") ? run.perSecond(run.count("browse", 200)) : run.perSecond(run.count("purchase", 202));
        }

        double busyShare() {
            long answers = run.answers();
            return answers == 0 ? 0 : (double) run.busy() / answers;
        }
    }

    private final List<Row> rows;
    private final long flashSold;
    private final Properties machine;

    OverloadReport(List<Row> rows, long flashSold, Properties machine) {
        this.rows = rows;
        this.flashSold = flashSold;
        this.machine = machine;
    }

    void write(Path doc) throws IOException {
        MarkedSection.write(doc, BEGIN, END, BEGIN + "\n\n" + table() + "\n" + END);
    }

    String table() {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "Run %s on %s (%s cores), commit %s: `./seckill bench overload`, the per-IP limit "
                        + "raised and nothing else. Each connection is a closed loop of new shoppers (one thread of the bench, on "
                        + "the same cores as the system; the share of a core it took is in the last column): answered, it asks again at once, Retry-After or not.%n%n",
                machine.getProperty("date", "?"), machine.getProperty("cpu", "?"), machine.getProperty("cores", "?"),
                machine.getProperty("commit", "?")));
        t.append("| crowd | connections | purchases/s (floor: answers/s) | p50 | p99 | timeouts (10 s) | 5xx other than 503 | 503 BUSY share | crowd (cores) |\n");
        t.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row row : rows) {
            CrowdRun run = row.run();
            t.append(String.format(Locale.ROOT, "| %s | %,d | %,.0f | %,d ms | %,d ms | %,d | %,d | %.0f%% | %.2f |%n", row.label(),
                    row.connections(), row.goodput(), run.percentileMs(0.5), run.percentileMs(0.99), run.timeouts(),
                    run.serverErrors(), 100 * row.busyShare(), run.driverCores()));
        }
        t.append('\n');
        for (String verdict : verdicts()) {
            t.append("- ").append(verdict).append('\n');
        }
        return t.toString();
    }

    List<String> verdicts() {
        Row peak = purchases(OverloadBench.PEAK);
        Row tenTimes = purchases(OverloadBench.TEN_TIMES);
        Row flash = rows.stream().filter(r -> r.label().contains("flash")).findFirst().orElseThrow();
        List<Row> floors = rows.stream().filter(r -> r.mode().equals("browse")).toList();
        Row few = floors.get(0);
        Row many = floors.get(floors.size() - 1);
        double goodput = ratio(tenTimes.goodput(), peak.goodput());
        double floor = ratio(many.goodput(), few.goodput());
        return List.of(
                verdict(goodput >= 0.9, String.format(Locale.ROOT, "goodput at %,d connections is %.2f of the figure at %,d (target >= 0.9)",
                        tenTimes.connections(), goodput, peak.connections())),
                verdict(tenTimes.run().percentileMs(0.99) <= 1000, String.format(Locale.ROOT,
                        "p99 of every answer at %,d connections: %,d ms (target <= 1,000)", tenTimes.connections(), tenTimes.run().percentileMs(0.99))),
                verdict(rows.stream().allMatch(r -> r.run().timeouts() == 0 && r.run().serverErrors() == 0),
                        "no timeout and no 5xx other than 503 in any phase"),
                verdict(flashSold == OverloadBench.FLASH_STOCK && flash.run().percentileMs(0.99) <= 1000, String.format(Locale.ROOT,
                        "the %,d-unit flash sale under %,d connections sold %,d, p99 %,d ms (target: exactly %,d, <= 1,000 ms)",
                        OverloadBench.FLASH_STOCK, flash.connections(), flashSold, flash.run().percentileMs(0.99), OverloadBench.FLASH_STOCK)),
                verdict(floor >= 0.9, String.format(Locale.ROOT, "the routing floor at %,d connections keeps %.2f of its rate at %,d (target >= 0.9)",
                        many.connections(), floor, few.connections())));
    }

    private Row purchases(int connections) {
        return rows.stream().filter(r -> r.mode().equals("purchase") && r.connections() == connections && !r.label().contains("flash"))
                .findFirst().orElseThrow(() -> new IllegalStateException("no purchase phase at " + connections + " connections"));
    }

    private static double ratio(double a, double b) {
        return b == 0 ? 0 : a / b;
    }

    private static String verdict(boolean met, String what) {
        return (met ? "met: " : "**not met**: ") + what;
    }
}
