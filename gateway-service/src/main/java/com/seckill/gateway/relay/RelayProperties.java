package com.seckill.gateway.relay;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code seckill.trust.*}, the gateway's side of contract §9.
 *
 * @param secret                 the platform's internal signing key (env {@code SECKILL_TRUST_SECRET}),
 *                               shared with the inner services and never with clients
 * @param allowDevelopmentSecret only the local profile sets it
 */
@ConfigurationProperties("seckill.trust")
record RelayProperties(String secret, boolean allowDevelopmentSecret) {
}
