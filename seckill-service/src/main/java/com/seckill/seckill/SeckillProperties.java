package com.seckill.seckill;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Tunables of seckill-service ({@code seckill.sale.*}).
 *
 * @param pathTtl          how long a one-time purchase path stays valid
 * @param resultTtl        how long a request's result can be polled
 * @param warmupWindow     activities starting within this window are loaded into Redis
 * @param catalogRefresh   how often the in-memory activity catalog is reloaded
 * @param warmupInterval   how often upcoming activities are checked for warm-up
 * @param relayInterval    how often the outbox is swept for entries to publish again
 * @param relayRetryAfter  an outbox entry unconfirmed for this long is published again
 * @param relayLinger      how long the relay gathers accepted purchases into one message before publishing
 * @param publishTimeout   how long a purchase waits for the broker to confirm its message before it is
 *                         answered 202 anyway (the Redis outbox then keeps it until the broker takes it)
 * @param consumerIdle     how long every order consumer must have been idle for the order pipeline to count as drained
 * @param queuedBound      a request QUEUED longer than this is looked up in MySQL and settled
 * @param queuedGiveUp     a request found nowhere this long after acceptance is failed, its unit returned
 * @param reconcileInterval how often every current activity is reconciled
 * @param resultStreamTimeout how long a result stream (server-sent events) waits for the outcome before it
 *                         ends, leaving the page to poll
 * @param resultStreamCheck how often the outcomes of every waiting stream are read, in one Redis round trip
 * @param queuedCheckInterval how often requests still QUEUED are looked for (those older than {@code queuedBound})
 */
@ConfigurationProperties("seckill.sale")
public record SeckillProperties(
        @DefaultValue("60s") Duration pathTtl,
        @DefaultValue("24h") Duration resultTtl,
        @DefaultValue("10m") Duration warmupWindow,
        @DefaultValue("1s") Duration catalogRefresh,
        @DefaultValue("5s") Duration warmupInterval,
        @DefaultValue("2s") Duration relayInterval,
        @DefaultValue("5s") Duration relayRetryAfter,
        @DefaultValue("10ms") Duration relayLinger,
        @DefaultValue("2s") Duration publishTimeout,
        @DefaultValue("1s") Duration consumerIdle,
        @DefaultValue("60s") Duration queuedBound,
        @DefaultValue("5m") Duration queuedGiveUp,
        @DefaultValue("60s") Duration reconcileInterval,
        @DefaultValue("60s") Duration resultStreamTimeout,
        @DefaultValue("200ms") Duration resultStreamCheck,
        @DefaultValue("10s") Duration queuedCheckInterval) {

    /** These settings' bean, for the schedules that run by them: each interval is declared here only. */
    private static final String BEAN = "@'seckill.sale-com.seckill.seckill.SeckillProperties'";
    public static final String CATALOG_REFRESH = "#{" + BEAN + ".catalogRefresh()}";
    public static final String WARMUP_INTERVAL = "#{" + BEAN + ".warmupInterval()}";
    public static final String RELAY_INTERVAL = "#{" + BEAN + ".relayInterval()}";
    public static final String RECONCILE_INTERVAL = "#{" + BEAN + ".reconcileInterval()}";
    public static final String RESULT_STREAM_CHECK = "#{" + BEAN + ".resultStreamCheck()}";
    public static final String QUEUED_CHECK_INTERVAL = "#{" + BEAN + ".queuedCheckInterval()}";
}
