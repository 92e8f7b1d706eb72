package com.seckill.seckill.infra;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.SocketOptions;
import java.time.Duration;
import org.redisson.config.ConstantDelay;
import org.redisson.spring.starter.RedissonAutoConfigurationCustomizer;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisPassword;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Two Redis clients, each for what it does best. Lettuce carries the purchase path: one
 * multiplexed connection shared by every request thread, so a burst cannot exhaust a pool, and
 * a command is never sent twice (a retried Lua purchase would turn a success into "duplicate").
 * Redisson only serves locks for low-frequency work (warm-up).
 */
@Configuration(proxyBeanMethods = false)
class RedisConfig {

    @Bean
    LettuceConnectionFactory redisConnectionFactory(RedisProperties properties) {
        RedisStandaloneConfiguration server = new RedisStandaloneConfiguration(properties.getHost(), properties.getPort());
        server.setDatabase(properties.getDatabase());
        server.setPassword(RedisPassword.of(properties.getPassword()));
        ClientOptions options = ClientOptions.builder()
                // With Redis gone, fail at once (503 BUSY) rather than buffer the flood for later.
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .socketOptions(SocketOptions.builder().connectTimeout(properties.getConnectTimeout()).build())
                .build();
        LettuceClientConfiguration client = LettuceClientConfiguration.builder()
                .commandTimeout(properties.getTimeout())
                .clientOptions(options)
                .build();
        return new LettuceConnectionFactory(server, client);
    }

    /**
     * Redisson only takes the locks of background work: a few short retries ride out a Redis
     * restart (its defaults, 1.5 s apart, would hold an operator's request for seconds).
     */
    @Bean
    RedissonAutoConfigurationCustomizer failFastRedisson() {
        return config -> config.useSingleServer()
                .setRetryAttempts(3)
                .setRetryDelay(new ConstantDelay(Duration.ofMillis(300)))
                // find connections broken by a Redis restart within a second, not at the next command
                .setPingConnectionInterval(1_000);
    }
}
