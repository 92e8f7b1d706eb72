package com.seckill.loadtest.capacity;

import java.util.Map;

/**
 * One reading of the running system, every figure cumulative (a rate is the difference of two):
 * purchase attempts answered (the gateway's refusals plus seckill-service's answers), accepted
 * purchases, orders written to MySQL, order messages consumed and unpaid orders closed (Prometheus), Redis commands
 * processed (INFO), the order queue's depth (RabbitMQ), CPU seconds used by each process and by the
 * whole machine. A figure that could not be read is {@link Double#NaN} (a depth of -1).
 */
record Sample(long at, double attempts, double accepted, double ordersWritten, double consumed, double ordersClosed,
        double redisCommands, long queueDepth, Map<String, Double> cpuSeconds, double machineCpuSeconds) {

    /** Per second from {@code earlier} to this one. */
    double rate(Sample earlier, java.util.function.ToDoubleFunction<Sample> figure) {
        double seconds = (at - earlier.at) / 1000.0;
        return seconds <= 0 ? Double.NaN : (figure.applyAsDouble(this) - figure.applyAsDouble(earlier)) / seconds;
    }
}
