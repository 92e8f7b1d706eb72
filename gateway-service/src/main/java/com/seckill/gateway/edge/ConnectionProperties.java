package com.seckill.gateway.edge;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code seckill.gateway.connections.*}: what one client connection may cost the public port
 * (docs/configuration.md).
 *
 * @param requestTimeout a request must arrive whole (head and body) within this of its first byte, and a new
 *                       connection must begin its first request within it; otherwise 408 and the connection is closed
 * @param idleTimeout    a connection with nothing to read or answer is closed after this (longer than any
 *                       {@code pollAfterMs}, so a waiting shopper's connection stays open between polls)
 * @param perAddress     open connections from one client address at most (0: no cap); a connection beyond it
 *                       has its first request answered 429 and is closed. Trusted proxies are not capped
 */
@ConfigurationProperties("seckill.gateway.connections")
record ConnectionProperties(@DefaultValue("10s") Duration requestTimeout, @DefaultValue("30s") Duration idleTimeout,
                                   @DefaultValue("256") int perAddress) {

    ConnectionProperties {
        if (requestTimeout.isNegative() || requestTimeout.isZero() || idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("seckill.gateway.connections: request-timeout and idle-timeout must be positive");
        }
        if (perAddress < 0) {
            throw new IllegalArgumentException("seckill.gateway.connections.per-address must be 0 (no cap) or more");
        }
    }
}
