package com.seckill.seckill.infra;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.resource.ClientResources;
import java.time.Duration;
import org.redisson.config.ConstantDelay;
import org.springframework.beans.factory.ObjectProvider;
import org.redisson.spring.starter.RedissonAutoConfigurationCustomizer;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisPassword;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Two Redis clients, each for what it does best, on a single Redis or, when
 * {@code spring.data.redis.cluster.nodes} names its nodes, on a Redis Cluster. Lettuce carries the purchase path: one
 * multiplexed connection shared by every request thread, so a burst cannot exhaust a pool, and
 * a command is never sent twice (a retried Lua purchase would turn a success into "duplicate").
 * Redisson only serves locks for low-frequency work (warm-up).
 */
@Configuration(proxyBeanMethods = false)
class RedisConfig {

    /**
     * How often the client asks a Redis Cluster for its picture, and at most how often on errors that hint at a
     * change: a failover the cluster finished (node timeout and an election) is seen within seconds, not at the
     * next look 30 s later (issue 47, docs/operations.md). A look is one {@code CLUSTER NODES} per node.
     */
    private static final Duration TOPOLOGY_REFRESH = Duration.ofSeconds(2);
    private static final Duration TOPOLOGY_REFRESH_ON_ERRORS = Duration.ofSeconds(1);

    @Bean
    LettuceConnectionFactory redisConnectionFactory(RedisProperties properties, ObjectProvider<ClientResources> resources) {
        ClientOptions options = ClusterClientOptions.builder()
                // With Redis gone, fail at once (503 BUSY) rather than buffer the flood for later.
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .socketOptions(SocketOptions.builder().connectTimeout(properties.getConnectTimeout()).build())
                // a Redis Cluster that moves slots or fails over is followed within seconds
                .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
                        .enableAllAdaptiveRefreshTriggers()
                        .adaptiveRefreshTriggersTimeout(TOPOLOGY_REFRESH_ON_ERRORS)
                        .enablePeriodicRefresh(TOPOLOGY_REFRESH)
                        .build())
                .build();
        LettuceClientConfiguration.LettuceClientConfigurationBuilder builder = LettuceClientConfiguration.builder()
                .commandTimeout(properties.getTimeout())
                .clientOptions(options);
        // Boot's client resources carry the command latency metrics (lettuce_command_*)
        resources.ifAvailable(builder::clientResources);
        LettuceClientConfiguration client = builder.build();
        RedisProperties.Cluster cluster = properties.getCluster();
        if (cluster != null && cluster.getNodes() != null && !cluster.getNodes().isEmpty()) {
            RedisClusterConfiguration nodes = new RedisClusterConfiguration(cluster.getNodes());
            if (cluster.getMaxRedirects() != null) {
                nodes.setMaxRedirects(cluster.getMaxRedirects());
            }
            nodes.setPassword(RedisPassword.of(properties.getPassword()));
            return new LettuceConnectionFactory(nodes, client);
        }
        RedisStandaloneConfiguration server = new RedisStandaloneConfiguration(properties.getHost(), properties.getPort());
        server.setDatabase(properties.getDatabase());
        server.setPassword(RedisPassword.of(properties.getPassword()));
        return new LettuceConnectionFactory(server, client);
    }

    /**
     * Redisson only takes the locks of background work: a few short retries ride out a Redis
     * restart (its defaults, 1.5 s apart, would hold an operator's request for seconds).
     */
    @Bean
    RedissonAutoConfigurationCustomizer failFastRedisson() {
        return config -> (config.isClusterConfig() ? config.useClusterServers() : config.useSingleServer())
                .setRetryAttempts(3).setRetryDelay(new ConstantDelay(Duration.ofMillis(300)))
                // find connections broken by a Redis restart within a second, not at the next command
                .setPingConnectionInterval(1_000);
    }
}
