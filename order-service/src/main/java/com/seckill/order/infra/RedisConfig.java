package com.seckill.order.infra;

import java.time.Duration;
import org.redisson.config.ConstantDelay;
import org.redisson.spring.starter.RedissonAutoConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RedisConfig {

    /** A consumer facing a dead Redis gives the message back within a second, not after long retries. */
    @Bean
    RedissonAutoConfigurationCustomizer failFastRedis() {
        // a single Redis or, when spring.data.redis.cluster.nodes names them, a Redis Cluster
        return config -> (config.isClusterConfig() ? config.useClusterServers() : config.useSingleServer())
                .setRetryAttempts(3).setRetryDelay(new ConstantDelay(Duration.ofMillis(300)))
                // find connections broken by a Redis restart within a second, not at the next command
                .setPingConnectionInterval(1_000);
    }
}
