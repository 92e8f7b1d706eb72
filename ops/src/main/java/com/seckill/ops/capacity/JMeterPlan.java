package com.seckill.ops.capacity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * capacity.jmx run by the project's jmeter-maven-plugin module against the gateway; its samples end
 * in {@code jmeter/target/jmeter/results/capacity.csv}. Unexpected answers do not fail the run: they
 * are what the report counts.
 */
record JMeterPlan(Path root, int peak, int steps, int hold) {

    Path results() {
        return root.resolve("jmeter/target/jmeter/results/capacity.csv");
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
        Files.createDirectories(log.getParent());
        List<String> command = List.of("mvn", "-B", "-q", "-Pjmeter", "-pl", "jmeter", "clean", "verify",
                "-Djmeter.plan=capacity.jmx", "-Djmeter.ignoreFailures=true", "-Djmeter.peak=" + peak,
                "-Djmeter.steps=" + steps, "-Djmeter.hold=" + hold);
        Process maven = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        int exit = maven.waitFor();
        if (exit != 0 || !Files.isRegularFile(results())) {
            throw new IOException("the JMeter run failed (exit " + exit + "); its output: " + log);
        }
        return results();
    }
}
