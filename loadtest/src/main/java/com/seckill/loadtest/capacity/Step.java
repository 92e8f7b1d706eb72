package com.seckill.loadtest.capacity;

import java.util.Map;

/**
 * One step of the stepping load: what the shoppers saw (JMeter) beside what the system did (its own
 * figures over the same seconds). Rates are per second; CPU in percent of one core.
 *
 * @param latency        p50 and p99 in ms, by request type (the plan's sampler labels)
 * @param errorRate      share of samples that were real errors: 5xx, timeouts, unexpected answers
 * @param rateLimited    share of samples answered 429 (an answer, but a sign the limits were not raised)
 * @param closedPerSecond unpaid orders closed by their pay timer: work of an earlier sale, not of this load
 * @param queueDepth     the most order messages waiting during the step
 */
record Step(int shoppers, double seconds, double purchasesPerSecond, Map<String, double[]> latency, double errorRate,
        double rateLimited, double attemptsPerSecond, double acceptedPerSecond, double redisCommandsPerSecond,
        double ordersPerSecond, double consumedPerSecond, double closedPerSecond, long queueDepth, Map<String, Double> cpuPercent,
        double machineCpuPercent) {

    /** The process that used the most CPU during the step, or null when none was measured. */
    Map.Entry<String, Double> busiest() {
        return cpuPercent.entrySet().stream().max(Map.Entry.comparingByValue()).orElse(null);
    }
}
