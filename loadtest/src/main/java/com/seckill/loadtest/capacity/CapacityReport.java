package com.seckill.loadtest.capacity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The table of a stepping run and what follows from it: the knee, the tier that saturated, the two
 * rates the capacity is made of (Redis pre-deduction: purchases accepted per second; order writes:
 * orders written to MySQL per second, measured while a backlog drained when there was one) and the
 * capacity sentence for a sale of {@code shoppers} shoppers and {@code stock} units.
 *
 * @param drain orders written per second while the queue drained after the load, NaN if it never backed up
 */
record CapacityReport(List<Step> steps, double drain, int cores, int shoppers, int stock, Duration payTimeout) {

    int knee() {
        return Steps.knee(steps);
    }

    /** Purchases accepted per second, at best: what the front (gateway, seckill-service, Redis) carried. */
    double preDeductionRate() {
        double accepted = steps.stream().mapToDouble(Step::acceptedPerSecond).filter(r -> !Double.isNaN(r)).max().orElse(Double.NaN);
        return Double.isNaN(accepted) ? steps.stream().mapToDouble(Step::purchasesPerSecond).max().orElse(Double.NaN) : accepted;
    }

    /** Orders written per second, at best: the drain rate when a backlog drained, else the best step's. */
    double orderWriteRate() {
        double during = steps.stream().mapToDouble(Step::ordersPerSecond).filter(r -> !Double.isNaN(r)).max().orElse(Double.NaN);
        return Double.isNaN(drain) ? during : Math.max(drain, Double.isNaN(during) ? 0 : during);
    }

    /** Whether the order writes never fell behind, so their rate is a floor, not a limit. */
    boolean orderWritesKeptUp() {
        return Double.isNaN(drain);
    }

    String sentence() {
        double front = preDeductionRate();
        double writes = orderWriteRate();
        if (Double.isNaN(writes)) {
            return String.format(Locale.ROOT, "The front carried %.0f purchases/s (from JMeter alone: a JMeter result read "
                    + "without the system's figures says nothing of the order writes; run ./seckill capacity on the "
                    + "running system for the capacity sentence).", front);
        }
        double carried = Math.min(front, writes);
        String floor = orderWritesKeptUp() ? "at least " : "";
        long clears = (long) Math.floor(writes * payTimeout.toSeconds());
        return String.format(Locale.ROOT, "For this deployment: Redis pre-deduction carried %.0f purchases/s and MySQL "
                + "%s%.0f order writes/s, so an expected peak P is carried while P x 0.8 <= %.0f/s (P up to %.0f/s). "
                + "A sale of %d shoppers is answered in about %.0f s; its %d units need at most %.1f s of drain to be "
                + "orders; the largest stock that clears within the %d-minute pay timeout is %d units.",
                front, floor, writes, carried, carried / 0.8, shoppers, shoppers / front, stock, stock / writes,
                payTimeout.toMinutes(), clears);
    }

    String saturation() {
        int knee = knee();
        if (knee < 0) {
            Step last = steps.get(steps.size() - 1);
            return String.format(Locale.ROOT, "No knee up to %d shoppers (purchases/s still grew with them); busiest at the "
                    + "peak: %s.", last.shoppers(), Steps.saturated(last, cores));
        }
        Step step = steps.get(knee);
        return String.format(Locale.ROOT, "Knee at %d shoppers: purchases/s went from %.0f to %.0f. First to saturate: %s.",
                step.shoppers(), steps.get(knee - 1).purchasesPerSecond(), step.purchasesPerSecond(),
                Steps.saturated(step, cores));
    }

    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("| shoppers | s | purchases/s | attempts/s | accepted/s | Redis cmds/s | orders written/s | consumed/s "
                + "| queue max | p50/p99 token ms | p50/p99 path ms | p50/p99 purchase ms | errors | 429 | CPU machine | busiest |\n");
        md.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            md.append(String.format(Locale.ROOT, "| %s%d | %.0f | %.0f | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.2f%% | %.1f%% | %s | %s |\n",
                    i == knee() ? "**knee** " : "", s.shoppers(), s.seconds(), s.purchasesPerSecond(), n(s.attemptsPerSecond()),
                    n(s.acceptedPerSecond()), n(s.redisCommandsPerSecond()), n(s.ordersPerSecond()), n(s.consumedPerSecond()),
                    s.queueDepth() < 0 ? "-" : Long.toString(s.queueDepth()), latency(s, "demo token"),
                    latency(s, "purchase path"), latency(s, "purchase"), s.errorRate() * 100, s.rateLimited() * 100,
                    Double.isNaN(s.machineCpuPercent()) ? "-" : String.format(Locale.ROOT, "%.0f%%", s.machineCpuPercent() / cores),
                    busiest(s)));
        }
        md.append('\n').append(saturation()).append("\n\n");
        if (!orderWritesKeptUp()) {
            md.append(String.format(Locale.ROOT, "The backlog left by the load drained at %.0f orders/s.%n%n", drain));
        }
        double closing = steps.stream().mapToDouble(Step::closedPerSecond).filter(r -> !Double.isNaN(r)).max().orElse(0);
        if (closing >= 1) {
            md.append(String.format(Locale.ROOT, "Warning: order-service closed up to %.0f unpaid orders/s during the run: the "
                    + "pay timers of an earlier sale's orders fired, and that work (MySQL updates, units back to Redis) shares "
                    + "the machine with this load. Run again when no sale ended within the pay timeout.%n%n", closing));
        }
        if (steps.stream().anyMatch(s -> s.rateLimited() > 0.01)) {
            md.append("Warning: more than 1% of answers were 429: the gateway's rate limits bit, so these figures are the "
                    + "limits', not the system's. Start it with SECKILL_GATEWAY_RATELIMIT_PERIP=1000000 "
                    + "SECKILL_GATEWAY_RATELIMIT_PERACTIVITY=1000000 SECKILL_GATEWAY_CONNECTIONS_PERADDRESS=0.\n\n");
        }
        md.append(sentence()).append('\n');
        return md.toString();
    }

    String csv() {
        TreeSet<String> processes = new TreeSet<>();
        steps.forEach(s -> processes.addAll(s.cpuPercent().keySet()));
        List<String> header = new ArrayList<>(List.of("shoppers", "seconds", "purchases_per_s", "attempts_per_s",
                "accepted_per_s", "redis_commands_per_s", "orders_written_per_s", "consumed_per_s", "queue_max"));
        for (String label : Steps.LABELS) {
            String key = label.replace(' ', '_');
            header.add(key + "_p50_ms");
            header.add(key + "_p99_ms");
        }
        header.addAll(List.of("error_rate", "rate_limited", "machine_cpu_pct"));
        processes.forEach(p -> header.add("cpu_pct_" + p));
        StringBuilder csv = new StringBuilder(String.join(",", header)).append('\n');
        for (Step s : steps) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(s.shoppers()), f(s.seconds()), f(s.purchasesPerSecond()),
                    f(s.attemptsPerSecond()), f(s.acceptedPerSecond()), f(s.redisCommandsPerSecond()), f(s.ordersPerSecond()),
                    f(s.consumedPerSecond()), Long.toString(s.queueDepth())));
            for (String label : Steps.LABELS) {
                double[] l = s.latency().get(label);
                row.add(l == null ? "" : f(l[0]));
                row.add(l == null ? "" : f(l[1]));
            }
            row.addAll(List.of(String.format(Locale.ROOT, "%.4f", s.errorRate()), String.format(Locale.ROOT, "%.4f", s.rateLimited()),
                    f(s.machineCpuPercent())));
            processes.forEach(p -> row.add(f(s.cpuPercent().getOrDefault(p, Double.NaN))));
            csv.append(String.join(",", row)).append('\n');
        }
        return csv.toString();
    }

    private static String latency(Step s, String label) {
        double[] l = s.latency().get(label);
        return l == null ? "-" : String.format(Locale.ROOT, "%.0f / %.0f", l[0], l[1]);
    }

    private static String busiest(Step s) {
        return s.cpuPercent().entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed()).limit(3)
                .map(e -> String.format(Locale.ROOT, "%s %.0f%%", e.getKey(), e.getValue())).reduce((a, b) -> a + ", " + b)
                .orElse("-");
    }

    private static String n(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.0f", value);
    }

    private static String f(double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.1f", value);
    }
}
