package com.seckill.order;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Tunables of order-service ({@code seckill.order.*}), their defaults stated here only. Prefetch,
 * concurrency and batch size were chosen by {@code ./seckill capacity sweep} (docs/capacity.md, "The
 * sweep, measured"): live, every setting wrote the same orders per second, and 2 consumers cost the
 * least CPU on cores the front shares.
 *
 * @param payTimeout          an unpaid order is closed after this long
 * @param prefetch            unacknowledged order messages one consumer may hold
 * @param concurrency         consumers of the order queue in this instance
 * @param batchSize           order messages one consumer turns into orders in one transaction
 * @param batchWait           how long a consumer holding part of a batch waits for more messages
 * @param retryBackoff        how long a message that met a failure waits in its retry queue before it is delivered again
 * @param sweepInterval       how often the sweeper looks for unpaid orders whose close message was lost
 * @param sweepGrace          how long past the pay timeout the sweeper waits for the close message
 * @param queueDepthInterval  how often the depths of the order queues are read for the metrics
 */
@ConfigurationProperties("seckill.order")
public record OrderProperties(
        @DefaultValue("15m") Duration payTimeout,
        @DefaultValue("100") int prefetch,
        @DefaultValue("2") int concurrency,
        @DefaultValue("50") int batchSize,
        @DefaultValue("50ms") Duration batchWait,
        @DefaultValue("1s") Duration retryBackoff,
        @DefaultValue("30s") Duration sweepInterval,
        @DefaultValue("30s") Duration sweepGrace,
        @DefaultValue("5s") Duration queueDepthInterval) {

    /** These settings' bean, for the schedules that run by them: each interval is declared here only. */
    private static final String BEAN = "@'seckill.order-com.seckill.order.OrderProperties'";
    public static final String SWEEP_INTERVAL = "#{" + BEAN + ".sweepInterval()}";
    public static final String QUEUE_DEPTH_INTERVAL = "#{" + BEAN + ".queueDepthInterval()}";
}
