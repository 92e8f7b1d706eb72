package com.seckill.loadtest.capacity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/** Cuts a stepping run into its steps and finds the knee: where more shoppers stopped buying more. */
final class Steps {

    static final List<String> LABELS = List.of("demo token", "purchase path", "purchase");

    private Steps() {
    }

    /**
     * The steps of a run. A step starts with the first sample taken at its number of active shoppers
     * (rounded to the plan's step size) and lasts until the next one starts; the peak lasts until the
     * run's planned length is over (what follows is shoppers leaving). The plan's set-up is no step.
     *
     * @param length the plan's length from its first shopper: the ramp (steps x hold) and the hold at the peak
     */
    static List<Step> measure(List<Jtl.Row> all, List<Sample> samples, int stepSize, Duration length) {
        List<Jtl.Row> rows = all.stream().filter(r -> LABELS.contains(r.label()))
                .sorted(Comparator.comparingLong(Jtl.Row::at)).toList();
        if (rows.isEmpty()) {
            return List.of();
        }
        long end = rows.get(0).at() + length.toMillis();
        TreeMap<Long, Integer> starts = new TreeMap<>();
        int highest = 0;
        for (Jtl.Row row : rows) {
            int level = level(row.threads(), stepSize);
            if (level > highest && row.at() < end) {
                starts.put(row.at(), level);
                highest = level;
            }
        }
        Map<Integer, List<Jtl.Row>> byLevel = new TreeMap<>();
        for (Jtl.Row row : rows) {
            if (row.at() < end) {
                byLevel.computeIfAbsent(starts.floorEntry(row.at()).getValue(), l -> new ArrayList<>()).add(row);
            }
        }
        List<Step> steps = new ArrayList<>();
        byLevel.forEach((level, inStep) -> steps.add(step(level, inStep, samples)));
        return steps;
    }

    static int level(int threads, int stepSize) {
        return (int) Math.max(1, Math.round(threads / (double) stepSize)) * stepSize;
    }

    private static Step step(int shoppers, List<Jtl.Row> rows, List<Sample> samples) {
        long from = rows.stream().mapToLong(Jtl.Row::at).min().orElseThrow();
        long to = rows.stream().mapToLong(Jtl.Row::at).max().orElseThrow();
        double seconds = Math.max(1, (to - from) / 1000.0);
        Map<String, double[]> latency = new LinkedHashMap<>();
        for (String label : LABELS) {
            long[] elapsed = rows.stream().filter(r -> r.label().equals(label)).mapToLong(Jtl.Row::elapsed).sorted().toArray();
            if (elapsed.length > 0) {
                latency.put(label, new double[] {percentile(elapsed, 50), percentile(elapsed, 99)});
            }
        }
        long purchases = rows.stream().filter(r -> r.label().equals("purchase")).count();
        double errors = rows.stream().filter(r -> !r.success()).count() / (double) rows.size();
        double limited = rows.stream().filter(r -> r.code().equals("429")).count() / (double) rows.size();
        List<Sample> inside = samples.stream().filter(s -> s.at() >= from && s.at() <= to).toList();
        Sample first = inside.isEmpty() ? null : inside.get(0);
        Sample last = inside.isEmpty() ? null : inside.get(inside.size() - 1);
        Map<String, Double> cpu = new TreeMap<>();
        if (first != null && last != first) {
            double span = (last.at() - first.at()) / 1000.0;
            last.cpuSeconds().forEach((name, used) -> {
                Double before = first.cpuSeconds().get(name);
                if (before != null) {
                    cpu.put(name, (used - before) / span * 100);
                }
            });
        }
        long depth = inside.stream().mapToLong(Sample::queueDepth).max().orElse(-1);
        return new Step(shoppers, seconds, purchases / seconds, latency, errors, limited,
                rate(first, last, Sample::attempts), rate(first, last, Sample::accepted),
                rate(first, last, Sample::redisCommands), rate(first, last, Sample::ordersWritten),
                rate(first, last, Sample::consumed), rate(first, last, Sample::ordersClosed), depth, cpu, rate(first, last, Sample::machineCpuSeconds) * 100);
    }

    private static double rate(Sample first, Sample last, ToDoubleFunction<Sample> figure) {
        return first == null || last == first ? Double.NaN : last.rate(first, figure);
    }

    /** The nearest-rank percentile of sorted values. */
    static double percentile(long[] sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /**
     * The first step where the system stopped keeping up: its purchases per second grew by less than
     * half as much as its shoppers did, or more than 1% of its answers were real errors. -1: no knee
     * up to the peak.
     */
    static int knee(List<Step> steps) {
        for (int i = 1; i < steps.size(); i++) {
            Step before = steps.get(i - 1);
            Step step = steps.get(i);
            double moreShoppers = step.shoppers() / (double) before.shoppers() - 1;
            double moreBought = step.purchasesPerSecond() / before.purchasesPerSecond() - 1;
            if (step.errorRate() > 0.01 || moreBought < moreShoppers / 2) {
                return i;
            }
        }
        return -1;
    }

    /** Which tier gave out first at {@code step}, in words, with the figure that says so. */
    static String saturated(Step step, int cores) {
        if (step.queueDepth() > 0 && step.ordersPerSecond() < 0.9 * step.acceptedPerSecond()) {
            return String.format("order writes (order-service into MySQL): %.0f orders/s written while %.0f purchases/s "
                    + "were accepted, %d messages waiting", step.ordersPerSecond(), step.acceptedPerSecond(), step.queueDepth());
        }
        Map.Entry<String, Double> busiest = step.busiest();
        if (busiest == null) {
            return "unknown (no process figures: run on the machine that runs the services)";
        }
        String tier = TIERS.getOrDefault(busiest.getKey(), busiest.getKey());
        if (step.machineCpuPercent() >= 90.0 * cores) {
            return String.format("the machine's CPU: %.0f%% of %d cores busy, most of it %s (%.0f%% of a core)",
                    step.machineCpuPercent() / cores, cores, tier, busiest.getValue());
        }
        return String.format("%s (%.0f%% of a core)", tier, busiest.getValue());
    }

    private static final Map<String, String> TIERS = new HashMap<>(Map.of(
            "gateway-service", "the gateway (JWT, rate limits, routing)",
            "seckill-service", "seckill-service (path check, Redis pre-deduction)",
            "order-service", "order-service (order writes)",
            "payment-service", "payment-service",
            "redis", "Redis",
            "mysql", "MySQL",
            "rabbitmq", "RabbitMQ",
            "jmeter", "the load generator (JMeter, on the same machine)"));
}
