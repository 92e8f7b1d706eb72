package com.seckill.loadtest.capacity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * capacity.jmx run by the project's jmeter-maven-plugin module against the gateway; its samples end
 * in {@code jmeter/target/jmeter/results/capacity.csv}. Unexpected answers do not fail the run: they
 * are what the report counts. {@link #run(Path, String, Map, Path)} runs any of the project's plans so.
 */
record JMeterPlan(Path root, int peak, int steps, int hold) {

    Path results() {
        return results(root, "capacity.jmx");
    }

    private static Path results(Path root, String plan) {
        return root.resolve("jmeter/target/jmeter/results/" + plan.replaceFirst("\\.jmx$", "") + ".csv");
    }

    int stepSize() {
        return Math.max(1, peak / steps);
    }

    /** From the first shopper to the last: the ramp (a step every {@code hold} s) and the peak held as long again. */
    Duration length() {
        return Duration.ofSeconds((long) (steps + 1) * hold);
    }

    /** Runs the plan to its end; its Maven output goes to {@code log}. */
    Path run(Path log) throws IOException, InterruptedException {
        return run(root, "capacity.jmx", Map.of("peak", Integer.toString(peak), "steps", Integer.toString(steps),
                "hold", Integer.toString(hold)), log);
    }

    /** Runs {@code plan} (under jmeter/src/test/jmeter) with these JMeter properties; returns its result file. */
    static Path run(Path root, String plan, Map<String, String> properties, Path log) throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-q", "-Pjmeter", "-pl", "jmeter", "clean", "verify",
                "-Djmeter.plan=" + plan, "-Djmeter.ignoreFailures=true"));
        properties.forEach((name, value) -> command.add("-Djmeter." + name + "=" + value));
        Process maven = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        int exit = maven.waitFor();
        Path results = results(root, plan);
        if (exit != 0 || !Files.isRegularFile(results)) {
            throw new IOException("the JMeter run failed (exit " + exit + "); its output: " + log);
        }
        return results;
    }
}
