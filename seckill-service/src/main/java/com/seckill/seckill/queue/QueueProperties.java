package com.seckill.seckill.queue;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code seckill.queue.*} (docs/configuration.md).
 *
 * @param tick              how often the serving positions move
 * @param keepEvery         how often where each queue stands is kept in MySQL
 * @param purchasesInFlight admission stops while this instance has more purchases in flight
 * @param streamCheck       how often the figures behind every open queue stream are read
 * @param streamTimeout     how long a queue stream stays open (the page opens another, or polls)
 * @param metricsEvery      how often the waiting rooms' gauges are read from Redis
 */
@ConfigurationProperties("seckill.queue")
public record QueueProperties(
        @DefaultValue("200ms") Duration tick,
        @DefaultValue("1s") Duration keepEvery,
        @DefaultValue("100") int purchasesInFlight,
        @DefaultValue("500ms") Duration streamCheck,
        @DefaultValue("60s") Duration streamTimeout,
        @DefaultValue("5s") Duration metricsEvery) {

    /** These settings' bean, for the schedules that run by them: each interval is declared here only. */
    private static final String BEAN = "@'seckill.queue-com.seckill.seckill.queue.QueueProperties'";
    static final String TICK = "#{" + BEAN + ".tick()}";
    static final String STREAM_CHECK = "#{" + BEAN + ".streamCheck()}";
    static final String METRICS_EVERY = "#{" + BEAN + ".metricsEvery()}";
}
