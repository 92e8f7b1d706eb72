package com.seckill.order.infra;

import java.time.Duration;
import org.redisson.config.ConstantDelay;
import org.redisson.spring.starter.RedissonAutoConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RedisConfig {

    /** A consumer facing a dead Redis should give the message back soon, not hang on retries. */
    @Bean
    RedissonAutoConfigurationCustomizer failFastRedis() {
        return config -> config.useSingleServer()
                .setRetryAttempts(1)
                .setRetryDelay(new ConstantDelay(Duration.ofMillis(100)));
    }
}
