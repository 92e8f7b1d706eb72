package com.seckill.loadtest.capacity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ./seckill capacity sweep}: the same stepping plan at three settings of order-service
 * (consumer prefetch, consumers, Hikari pool), order-service restarted with each before its run
 * (which warms it up first, see {@link Capacity#measure}), the rest of the system as it is. One row per setting, from the step that sold the most: what
 * the shoppers got (purchases/s, p99), what reached MySQL (orders written/s) and what it cost
 * (order-service and MySQL CPU). order-service is left running with its configured settings.
 */
final class Sweep {

    /** prefetch, consumers, pool: today's defaults' neighbourhood and the design's starting points. */
    static final List<int[]> SETTINGS = List.of(new int[] {100, 2, 10}, new int[] {50, 10, 30}, new int[] {100, 20, 50});

    private final Capacity capacity;

    Sweep(Capacity capacity) {
        this.capacity = capacity;
    }

    int run() throws Exception {
        JMeterPlan plan = capacity.plan();
        Path output = capacity.root().resolve("target/capacity");
        Files.createDirectories(output);
        List<String> rows = new ArrayList<>();
        List<String> csv = new ArrayList<>(List.of("prefetch,consumers,pool,purchases_per_s,orders_written_per_s,"
                + "purchase_p99_ms,max_error_rate,queue_max,order_service_cpu_pct,mysql_cpu_pct"));
        double best = -1;
        String bestSetting = "";
        try {
            for (int[] setting : SETTINGS) {
                String name = String.format("prefetch %d, %d consumers, pool %d", setting[0], setting[1], setting[2]);
                capacity.out().printf("%n== %s: order-service restarted with it, then the plan ==%n", name);
                launcher(Map.of(), "down", "order-service");
                launcher(environment(setting), "up");
                CapacityReport run = capacity.measure(plan);
                capacity.report(run, "sweep-" + setting[0] + "-" + setting[1] + "-" + setting[2]);
                Step top = run.steps().stream().max(Comparator.comparingDouble(Step::purchasesPerSecond)).orElseThrow();
                double orders = run.steps().stream().mapToDouble(Step::ordersPerSecond).max().orElse(Double.NaN);
                double[] purchase = top.latency().getOrDefault("purchase", new double[] {Double.NaN, Double.NaN});
                double errors = run.steps().stream().mapToDouble(Step::errorRate).max().orElse(0);
                long queue = run.steps().stream().mapToLong(Step::queueDepth).max().orElse(-1);
                double orderCpu = top.cpuPercent().getOrDefault("order-service", Double.NaN);
                double mysqlCpu = top.cpuPercent().getOrDefault("mysql", Double.NaN);
                rows.add(String.format(Locale.ROOT, "| %d | %d | %d | %.0f | **%.0f** | %.0f | %.2f%% | %d | %.0f%% | %.0f%% |",
                        setting[0], setting[1], setting[2], top.purchasesPerSecond(), orders, purchase[1], errors * 100, queue,
                        orderCpu, mysqlCpu));
                csv.add(String.format(Locale.ROOT, "%d,%d,%d,%.1f,%.1f,%.0f,%.4f,%d,%.1f,%.1f", setting[0], setting[1], setting[2],
                        top.purchasesPerSecond(), orders, purchase[1], errors, queue, orderCpu, mysqlCpu));
                if (orders > best) {
                    best = orders;
                    bestSetting = name;
                }
            }
        } finally {
            capacity.out().println("\nRestarting order-service with its configured settings");
            launcher(Map.of(), "down", "order-service");
            launcher(Map.of(), "up");
        }
        String md = "# Capacity sweep: order-service settings\n\n"
                + "| prefetch | consumers | pool | purchases/s | orders written/s | purchase p99 ms | errors | queue max "
                + "| order-service CPU | MySQL CPU |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                + String.join("\n", rows) + String.format(Locale.ROOT, "%n%nMost orders written: %s (%.0f orders/s). "
                + "Figures from each run's best step; CPU in %% of one core.%n", bestSetting, best);
        Files.writeString(output.resolve("sweep.md"), md);
        Files.writeString(output.resolve("sweep.csv"), String.join("\n", csv) + "\n");
        capacity.out().println(md);
        capacity.out().println("Written: " + output.resolve("sweep.md") + ", " + output.resolve("sweep.csv"));
        return 0;
    }

    /** order-service's settings as the environment variables Spring reads. */
    static Map<String, String> environment(int[] setting) {
        return Map.of("SECKILL_ORDER_PREFETCH", Integer.toString(setting[0]), "SECKILL_ORDER_CONCURRENCY",
                Integer.toString(setting[1]), "SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE", Integer.toString(setting[2]));
    }

    /** ./seckill with the given command and extra environment; fails when the command does. */
    private void launcher(Map<String, String> extra, String... command) {
        try {
            List<String> line = new ArrayList<>(List.of(capacity.root().resolve("seckill").toString()));
            line.addAll(List.of(command));
            ProcessBuilder builder = new ProcessBuilder(line).directory(capacity.root().toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(capacity.root().resolve("target/capacity/launcher.log").toFile()));
            builder.environment().putAll(extra);
            int exit = builder.start().waitFor();
            if (exit != 0) {
                throw new IllegalStateException("./seckill " + String.join(" ", command) + " failed (exit " + exit
                        + "): see target/capacity/launcher.log");
            }
        } catch (IOException e) {
            throw new IllegalStateException("./seckill " + String.join(" ", command) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
