package com.seckill.gateway.redis;

import io.lettuce.core.ClientOptions;
import org.springframework.boot.autoconfigure.data.redis.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RedisClientConfig {

    /**
     * While Redis is unreachable, a command fails at once instead of waiting in Lettuce's buffer
     * for the command timeout: the purchase route answers 503 BUSY in milliseconds, and the
     * flood is not queued up to hit Redis the moment it returns.
     */
    @Bean
    LettuceClientConfigurationBuilderCustomizer failFastWhileDisconnected() {
        return builder -> builder.clientOptions(ClientOptions.builder()
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .build());
    }
}
