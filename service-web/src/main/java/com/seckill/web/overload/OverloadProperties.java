package com.seckill.web.overload;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code seckill.service.overload.*} (docs/configuration.md): what an inner service takes at once. The
 * gateway's adaptive limit usually binds first; this one holds when several gateways, or callers around
 * the gateway, send more than the service has threads for.
 *
 * @param maxConcurrency requests worked on at once; the rest are answered 503 BUSY at once. Below
 *                       Tomcat's 200 threads, so the answer always finds a thread to be written on
 */
@ConfigurationProperties("seckill.service.overload")
public record OverloadProperties(Integer maxConcurrency) {

    public OverloadProperties {
        maxConcurrency = maxConcurrency == null ? 150 : maxConcurrency;
    }
}
