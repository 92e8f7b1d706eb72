package com.seckill.seckill.infra;

import java.time.Duration;
import org.redisson.config.ConstantDelay;
import org.redisson.spring.starter.RedissonAutoConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RedisConfig {

    /**
     * Fail fast when Redis is gone: Redisson's defaults (3 retries, 1.5 s apart) would hold a
     * shopper's request for seconds before it can answer 503 BUSY.
     */
    @Bean
    RedissonAutoConfigurationCustomizer failFastRedis() {
        return config -> config.useSingleServer()
                .setRetryAttempts(1)
                .setRetryDelay(new ConstantDelay(Duration.ofMillis(100)));
    }
}
