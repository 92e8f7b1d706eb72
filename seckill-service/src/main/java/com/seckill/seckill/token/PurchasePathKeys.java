package com.seckill.seckill.token;

import com.seckill.common.trust.InternalTokens;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.common.trust.QueueTokens;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Purchase paths and waiting-room admissions are signed with the platform's key, so that the gateway can check them without Redis. */
@Configuration(proxyBeanMethods = false)
class PurchasePathKeys {

    @Bean
    PurchasePaths purchasePaths(InternalTokens tokens) {
        return new PurchasePaths(tokens);
    }

    /** Admissions and tickets of the waiting room, signed with the same key (the gateway checks admissions). */
    @Bean
    QueueTokens queueTokens(InternalTokens tokens) {
        return new QueueTokens(tokens);
    }
}
