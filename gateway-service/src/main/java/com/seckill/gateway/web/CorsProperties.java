package com.seckill.gateway.web;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param allowedOrigins origins (scheme://host[:port]) whose pages may call the API from a browser (env
 *                       {@code SECKILL_GATEWAY_CORS_ALLOWEDORIGINS}, comma separated). Empty by default:
 *                       only the gateway's own page (same origin) can.
 * @param maxAge         how long a browser may cache a preflight answer
 */
@ConfigurationProperties("seckill.gateway.cors")
record CorsProperties(@DefaultValue List<String> allowedOrigins, @DefaultValue("30m") Duration maxAge) {

    CorsProperties {
        if (allowedOrigins.contains("*")) {
            // A wildcard with bearer tokens in the browser invites any site to drive a shopper's session.
            throw new IllegalArgumentException("seckill.gateway.cors.allowed-origins must list origins, not *");
        }
    }
}
