package com.seckill.loadtest.capacity;

import com.seckill.ops.doctor.Target;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@code ./seckill capacity [sweep | waiting-room | --jtl FILE]}: the stepping plan against the running system,
 * sampled from the system itself, reported as a table, a knee and a capacity sentence (Markdown and
 * CSV under {@code target/capacity/}). {@code --jtl} reads an earlier JMeter result instead (no
 * system figures then); {@code waiting-room} runs the waiting-room plan and sizes the admission rate
 * ({@link WaitingRoomCapacity}). Settings from the environment: CAPACITY_PEAK, _STEPS, _HOLD, _WARMUP, _SHOPPERS, _STOCK.
 */
public final class Capacity {

    private static final Duration DRAIN_LIMIT = Duration.ofMinutes(10);

    private final Target target;
    private final Path root;
    private final PrintStream out;
    private final Path output;

    Capacity(Map<String, String> env, PrintStream out) {
        this.target = new Target(env);
        this.root = Path.of(target.get("SECKILL_ROOT", ".")).toAbsolutePath();
        this.out = out;
        this.output = root.resolve("target/capacity");
    }

    public static int run(Map<String, String> env, List<String> args, PrintStream out) throws Exception {
        Capacity capacity = new Capacity(env, out);
        if (args.size() == 2 && args.get(0).equals("--jtl")) {
            return capacity.fromResults(Path.of(args.get(1)));
        }
        if (!capacity.systemUp()) {
            out.println("The system is not running: start it with raised rate limits, then run this again:\n"
                    + "  SECKILL_GATEWAY_RATELIMIT_PERIP=1000000 SECKILL_GATEWAY_RATELIMIT_PERACTIVITY=1000000"
                    + " SECKILL_GATEWAY_CONNECTIONS_PERADDRESS=0 ./seckill up");
            return 2;
        }
        if (args.isEmpty()) {
            return capacity.once();
        }
        if (args.equals(List.of("sweep"))) {
            return new Sweep(capacity).run();
        }
        if (args.equals(List.of("waiting-room"))) {
            return new WaitingRoomCapacity(capacity).run();
        }
        out.println("usage: ./seckill capacity [sweep | waiting-room | --jtl FILE]");
        return 2;
    }

    JMeterPlan plan() {
        return new JMeterPlan(root, number("CAPACITY_PEAK", 200), number("CAPACITY_STEPS", 5), number("CAPACITY_HOLD", 20));
    }

    int number(String name, int fallback) {
        return Integer.parseInt(target.get(name, Integer.toString(fallback)));
    }

    Target target() {
        return target;
    }

    Path root() {
        return root;
    }

    PrintStream out() {
        return out;
    }

    private boolean systemUp() {
        try {
            HttpResponse<Void> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    target.get("CAPACITY_GATEWAY_URL", "http://127.0.0.1:8080") + "/actuator/health"))
                    .timeout(Duration.ofSeconds(3)).build(), HttpResponse.BodyHandlers.discarding());
            return health.statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** One stepping run with the system as it is. */
    private int once() throws Exception {
        JMeterPlan plan = plan();
        out.printf("Stepping load: up to %d shoppers in %d steps of %d s (JMeter output: %s)%n", plan.peak(), plan.steps(),
                plan.hold(), output.resolve("jmeter.log"));
        report(measure(plan), "capacity");
        return 0;
    }

    /**
     * Warms the system up (CAPACITY_WARMUP seconds at half the peak, unmeasured), runs the plan while
     * sampling the system; then, when the order queue holds a backlog, waits for it to drain and
     * measures the drain rate.
     */
    CapacityReport measure(JMeterPlan plan) throws Exception {
        int warmUp = number("CAPACITY_WARMUP", 20);
        if (warmUp > 0) {
            // JVMs compile their hot code in the first minutes under load: warm them, unmeasured, first
            out.printf("Warm-up: %d s at %d shoppers, not measured%n", warmUp, Math.max(1, plan.peak() / 2));
            new JMeterPlan(root, Math.max(1, plan.peak() / 2), 1, Math.max(1, warmUp / 2)).run(output.resolve("warm-up.log"));
        }
        try (SystemSampler sampler = new SystemSampler(target, root)) {
            sampler.start();
            Path results = plan.run(output.resolve("jmeter.log"));
            Sample[] drain = drain(sampler);
            List<Step> steps = Steps.measure(Jtl.read(results), sampler.samples(), plan.stepSize(), plan.length());
            Files.createDirectories(output);
            Files.copy(results, output.resolve("capacity.jtl"), StandardCopyOption.REPLACE_EXISTING);
            double rate = drain == null ? Double.NaN : drain[1].rate(drain[0], Sample::ordersWritten);
            return report(steps, rate);
        }
    }

    CapacityReport report(List<Step> steps, double drain) {
        return new CapacityReport(steps, drain, Runtime.getRuntime().availableProcessors(), number("CAPACITY_SHOPPERS", 10_000),
                number("CAPACITY_STOCK", 500), target.payTimeout());
    }

    /** The first and last samples while the backlog the load left drains; null when there was none. */
    private Sample[] drain(SystemSampler sampler) throws InterruptedException {
        Sample start = sampler.read();
        if (start.queueDepth() <= 0) {
            return null;
        }
        out.printf("Draining the %d order messages the load left in the queue...%n", start.queueDepth());
        long deadline = System.currentTimeMillis() + DRAIN_LIMIT.toMillis();
        Sample now = start;
        while (now.queueDepth() > 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(SystemSampler.EVERY.toMillis());
            now = sampler.read();
        }
        return new Sample[] {start, now};
    }

    private int fromResults(Path jtl) throws IOException {
        report(report(Steps.measure(Jtl.read(jtl), List.of(), plan().stepSize(), plan().length()), Double.NaN), "capacity");
        return 0;
    }

    void report(CapacityReport report, String name) throws IOException {
        if (report.steps().isEmpty()) {
            throw new IOException("the run has no samples: see " + output.resolve("jmeter.log"));
        }
        String md = "# Capacity: stepping load\n\n" + report.markdown();
        Files.createDirectories(output);
        Files.writeString(output.resolve(name + ".md"), md);
        Files.writeString(output.resolve(name + ".csv"), report.csv());
        out.println(md);
        out.println("Written: " + output.resolve(name + ".md") + ", " + output.resolve(name + ".csv"));
    }
}
