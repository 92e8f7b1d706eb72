package com.seckill.gateway.client;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param trustedProxies addresses or CIDR ranges of the proxies in front of the gateway (env
 *                       {@code SECKILL_GATEWAY_TRUSTEDPROXIES}, comma separated). Empty by default:
 *                       X-Forwarded-For is then ignored, as anyone can write it.
 */
@ConfigurationProperties("seckill.gateway")
record ClientProperties(@DefaultValue List<String> trustedProxies) {
}
