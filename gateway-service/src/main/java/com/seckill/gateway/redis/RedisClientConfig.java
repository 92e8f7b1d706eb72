package com.seckill.gateway.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import java.time.Duration;
import org.springframework.boot.autoconfigure.data.redis.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RedisClientConfig {

    /** As seckill-service's: a Redis Cluster's failover is seen within seconds (issue 47, docs/operations.md). */
    private static final Duration TOPOLOGY_REFRESH = Duration.ofSeconds(2);
    private static final Duration TOPOLOGY_REFRESH_ON_ERRORS = Duration.ofSeconds(1);

    /**
     * While Redis is unreachable, a command fails at once instead of waiting in Lettuce's buffer
     * for the command timeout: the purchase route answers 503 BUSY in milliseconds, and the
     * flood is not queued up to hit Redis the moment it returns.
     */
    @Bean
    LettuceClientConfigurationBuilderCustomizer failFastWhileDisconnected() {
        // cluster options: a single Redis ignores the topology part, a Redis Cluster needs it
        return builder -> builder.clientOptions(ClusterClientOptions.builder()
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
                        .enableAllAdaptiveRefreshTriggers()
                        .adaptiveRefreshTriggersTimeout(TOPOLOGY_REFRESH_ON_ERRORS)
                        .enablePeriodicRefresh(TOPOLOGY_REFRESH)
                        .build())
                .build());
    }
}
