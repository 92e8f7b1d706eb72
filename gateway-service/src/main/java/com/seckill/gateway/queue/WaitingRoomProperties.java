package com.seckill.gateway.queue;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code seckill.gateway.waiting-rooms.*} (docs/configuration.md).
 *
 * @param refresh    how often the gateway asks seckill-service which sales have a waiting room
 * @param lookEvery  how often it reads each room's figures from Redis, to answer the polls of shoppers still waiting
 *                   itself (as often as seckill-service moves the serving position)
 * @param lookMaxAge figures older than this (Redis unreachable) answer nothing: the polls go to seckill-service
 */
@ConfigurationProperties("seckill.gateway.waiting-rooms")
public record WaitingRoomProperties(@DefaultValue("1s") Duration refresh, @DefaultValue("200ms") Duration lookEvery,
                                    @DefaultValue("1s") Duration lookMaxAge) {

    /** These settings' bean, for the schedule that runs by them: the interval is declared here only. */
    private static final String BEAN = "@'seckill.gateway.waiting-rooms-com.seckill.gateway.queue.WaitingRoomProperties'";
    static final String REFRESH = "#{" + BEAN + ".refresh()}";
}
