package com.seckill.loadtest.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;

/**
 * The bench's table: machine and run, the figures, the ratios against their targets; printed and
 * written into docs/PERFORMANCE.md between its markers (the rest of the document is left as it is).
 */
final class BenchReport {

    static final String BEGIN = "<!-- bench:begin (written by ./seckill bench; edits between these markers are lost) -->";
    static final String END = "<!-- bench:end -->";
    private static final String[] MACHINE_KEYS = {"date", "cpu", "cores", "memory", "os", "jdk", "mariadb", "redis", "rabbitmq",
        "commit", "java.opts", "rate.limits", "order.consumer", "driver"};

    private final Properties results;
    private final Properties machine;
    private final Properties rss;

    BenchReport(Properties results, Properties machine, Properties rss) {
        this.results = results;
        this.machine = machine;
        this.rss = rss;
    }

    /** Prints the table and writes it into {@code doc} between the markers (appended when it has none). */
    void write(Path doc) throws IOException {
        String block = table();
        System.out.println();
        System.out.println(block.replace(BEGIN, "").replace(END, ""));
        MarkedSection.write(doc, BEGIN, END, block);
    }

    String table() {
        double floor = figure("floor.rps");
        double purchase = figure("purchase.rps");
        double sold = figure("soldout.rps");
        double drain = figure("drain.per.s");
        double raw = figure("raw.per.s");
        double rssTotalMiB = Double.parseDouble(rss.getProperty("total.max.kib", "0")) / 1024.0;
        StringBuilder t = new StringBuilder(BEGIN).append("\n\n### Machine and run\n\n| | |\n|---|---|\n");
        for (String key : MACHINE_KEYS) {
            t.append("| ").append(key).append(" | ").append(machine.getProperty(key, "?").replace("|", "\\|")).append(" |\n");
        }
        t.append("\n### Figures\n\n| # | measurement | figure | p50 | p99 | answers |\n|---|---|---|---|---|---|\n");
        t.append(line("| 1 | routing floor: `GET /api/activities/{id}` through the gateway | **%.0f req/s** | %s ms | %s ms | %s |%n",
                floor, get("floor.p50.ms"), get("floor.p99.ms"), get("floor.codes")));
        t.append(line("| 2 | purchase burst: path + purchase, %s shoppers | **%.0f req/s** (%s purchases/s) | purchase %s ms, path %s ms,"
                + " both %s ms | purchase %s ms, path %s ms, both %s ms | %s |%n", get("purchase.accepted"), purchase,
                get("purchase.pairs.per.s"), get("purchase.step.p50.ms"), get("purchase.token.p50.ms"), get("purchase.pair.p50.ms"),
                get("purchase.step.p99.ms"), get("purchase.token.p99.ms"), get("purchase.pair.p99.ms"), get("purchase.codes")));
        t.append(line("| 3 | sold-out storm: `POST /api/seckill/{id}/token` after the stock is gone | **%.0f req/s** | %s ms | %s ms | %s |%n",
                sold, get("soldout.p50.ms"), get("soldout.p99.ms"), get("soldout.codes")));
        t.append(line("| 4 | order drain: queue -> MySQL, %s orders, %s consumers taking batches | **%.0f orders/s** (%.0f/s counting"
                + " the cold start) | | | |%n", get("drain.orders"), get("raw.concurrency"), drain, figure("drain.all.per.s")));
        t.append(line("| 4r | raw MariaDB: the same INSERT + INSERT + UPDATE transaction, %s connections | **%.0f tx/s** | | | |%n",
                get("raw.concurrency"), raw));
        t.append(line("| 5 | RSS under load, highest sample of the sum | **%.0f MiB** | | | gateway %.0f, seckill %.0f, order %.0f,"
                + " payment %.0f MiB (each its own peak) |%n", rssTotalMiB, mib("gateway-service"), mib("seckill-service"),
                mib("order-service"), mib("payment-service")));
        double settled = figure("purchase.settled.after.burst.s");
        t.append(settled <= 0.05
                ? line("%nIn the purchase burst (2) the consumer, running beside it, kept up: the last order was in MySQL by the"
                        + " time the burst's last answer came back.%n")
                : line("%nIn the purchase burst (2), with the consumer running beside it, the last order was in MySQL %.1f s"
                        + " after the burst ended.%n", settled));
        t.append("\n### Ratios and targets\n\n| ratio | value | target | met |\n|---|---|---|---|\n");
        t.append(ratio("purchase burst / floor (req/s)", purchase / floor, ">= 0.70", purchase / floor >= 0.7));
        t.append(ratio("sold-out rejections / floor (req/s)", sold / floor, ">= 0.90", sold / floor >= 0.9));
        double p99 = figure("purchase.step.p99.ms") / figure("floor.p99.ms");
        t.append(ratio("purchase p99 / floor p99", p99, "<= 3.00", p99 <= 3.0));
        t.append(ratio("order drain / raw MariaDB", drain / raw, ">= 0.50", drain / raw >= 0.5));
        t.append(line("| four services RSS | %.0f MiB | <= 1638 MiB (1.6 GiB) | %s |%n", rssTotalMiB, rssTotalMiB <= 1638.4 ? "yes" : "**no**"));
        return t.append("\nRaw figures: `target/bench/results.properties`, `rss.log`, `machine.properties`.\n\n").append(END).toString();
    }

    private double figure(String key) {
        String value = results.getProperty(key);
        if (value == null) {
            throw new IllegalStateException("no figure " + key + " in results.properties");
        }
        return Double.parseDouble(value);
    }

    private String get(String key) {
        return results.getProperty(key, "?");
    }

    private double mib(String service) {
        return Double.parseDouble(rss.getProperty(service + ".max.kib", "0")) / 1024.0;
    }

    private static String line(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    private static String ratio(String what, double value, String target, boolean met) {
        return line("| %s | %.2f | %s | %s |%n", what, value, target, met ? "yes" : "**no**");
    }
}
