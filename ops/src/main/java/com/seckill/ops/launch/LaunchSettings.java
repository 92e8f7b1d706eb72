package com.seckill.ops.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the launcher works with, from the environment {@code ./seckill} exports (the same names the
 * services and the tests read): where the checkout and its run directory are, where the infrastructure
 * answers, and the bounds of each wait.
 */
record LaunchSettings(Map<String, String> env) {

    /** The integration tests' RabbitMQ vhost. */
    static final String IT_VHOST = "seckill_it";

    /** Every number is a number: a bad setting is named before anything starts, not met halfway. */
    void validate() {
        for (String name : List.of("SECKILL_DB_PORT", "SECKILL_REDIS_PORT", "SECKILL_RABBIT_PORT", "SECKILL_INFRA_TIMEOUT",
                "SECKILL_UP_TIMEOUT")) {
            String value = get(name, "0");
            if (!value.matches("[0-9]{1,9}")) {
                throw new IllegalArgumentException(name + " must be a whole number" + (name.endsWith("TIMEOUT") ? " of seconds" : "")
                        + " (got '" + value + "')");
            }
        }
    }

    String get(String name, String fallback) {
        String value = env.get(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    Path root() {
        return Path.of(get("SECKILL_ROOT", ".")).toAbsolutePath().normalize();
    }

    Path runDir() {
        return root().resolve(".run");
    }

    Path logDir() {
        return runDir().resolve("logs");
    }

    String dbHost() {
        return get("SECKILL_DB_HOST", "127.0.0.1");
    }

    int dbPort() {
        return Integer.parseInt(get("SECKILL_DB_PORT", "3306"));
    }

    String dbUser() {
        return get("SECKILL_DB_USER", "root");
    }

    String dbPassword() {
        return env.getOrDefault("SECKILL_DB_PASSWORD", "");
    }

    String redisHost() {
        return get("SECKILL_REDIS_HOST", "127.0.0.1");
    }

    int redisPort() {
        return Integer.parseInt(get("SECKILL_REDIS_PORT", "6379"));
    }

    /** Every Redis client uses this Redis Cluster when set (h:p,h:p,...); the launcher starts none of its nodes. */
    List<String> redisClusterNodes() {
        String nodes = get("SPRING_DATA_REDIS_CLUSTER_NODES", "");
        return nodes.isEmpty() ? List.of() : Arrays.stream(nodes.split(",")).map(String::strip).filter(n -> !n.isEmpty()).toList();
    }

    String rabbitHost() {
        return get("SECKILL_RABBIT_HOST", "127.0.0.1");
    }

    int rabbitPort() {
        return Integer.parseInt(get("SECKILL_RABBIT_PORT", "5672"));
    }

    String rabbitUser() {
        return get("SECKILL_RABBIT_USER", "guest");
    }

    List<String> javaOpts() {
        return Arrays.stream(get("SECKILL_JAVA_OPTS", Launch.SERVICE_JAVA_OPTS).trim().split("\\s+")).toList();
    }

    /** Each infrastructure service, after starting it. */
    Duration infraWait() {
        return Duration.ofSeconds(Long.parseLong(get("SECKILL_INFRA_TIMEOUT", "60")));
    }

    /** All the services healthy. */
    Duration upWait() {
        return Duration.ofSeconds(Long.parseLong(get("SECKILL_UP_TIMEOUT", "180")));
    }

    /** static (the default) or nacos. */
    String discovery() {
        return get("SECKILL_DISCOVERY", "static");
    }

    String nacosAddress() {
        return get("SECKILL_NACOS_ADDR", "127.0.0.1:8848");
    }

    /** A test run exercises the jars it just built: a healthy service on a port that is not ours is an error, not reused. */
    boolean ownServicesOnly() {
        return !get("SECKILL_UP_OWN_ONLY", "").isEmpty();
    }

    static boolean isLocal(String host) {
        return List.of("127.0.0.1", "localhost", "::1", "[::1]").contains(host);
    }
}
