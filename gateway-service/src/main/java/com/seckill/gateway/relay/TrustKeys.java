package com.seckill.gateway.relay;

import com.seckill.common.trust.InternalTokens;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.common.trust.QueueTokens;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What the platform's key signs and verifies at the gateway: forwarded requests, purchase paths, admissions. */
@Configuration(proxyBeanMethods = false)
class TrustKeys {

    @Bean
    InternalTokens internalTokens(RelayProperties properties) {
        return new InternalTokens(properties.secret(), properties.allowDevelopmentSecret());
    }

    @Bean
    PurchasePaths purchasePaths(InternalTokens tokens) {
        return new PurchasePaths(tokens);
    }

    @Bean
    QueueTokens queueTokens(InternalTokens tokens) {
        return new QueueTokens(tokens);
    }
}
