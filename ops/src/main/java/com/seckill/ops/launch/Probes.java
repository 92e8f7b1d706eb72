package com.seckill.ops.launch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether each infrastructure server answers, asked with its own client where there is one (an open port
 * alone proves little: some networks accept every connection), else its port.
 */
final class Probes {

    private static final Duration QUICK = Duration.ofSeconds(5);

    private final LaunchSettings settings;

    Probes(LaunchSettings settings) {
        this.settings = settings;
    }

    /** MariaDB/MySQL answers mariadb-admin ping, even when it refuses this login ({@link #dbLoginProblem} says so). */
    boolean dbUp() {
        String admin = Shell.has("mariadb-admin") ? "mariadb-admin" : Shell.has("mysqladmin") ? "mysqladmin" : null;
        if (admin == null) {
            return Shell.tcpOpen(settings.dbHost(), settings.dbPort());
        }
        return Shell.run(QUICK, dbPassword(), List.of(admin, "--protocol=TCP", "--connect-timeout=3", "-h", settings.dbHost(),
                "-P", String.valueOf(settings.dbPort()), "-u", settings.dbUser(), "ping")).ok();
    }

    /** Why the configured user cannot run a query, or null when it can (or there is no client to ask with). */
    String dbLoginProblem() {
        String client = dbClient();
        if (client == null) {
            return null;
        }
        Shell.Result result = Shell.run(QUICK, dbPassword(), List.of(client, "--protocol=TCP", "--connect-timeout=5", "-h",
                settings.dbHost(), "-P", String.valueOf(settings.dbPort()), "-u", settings.dbUser(), "-e", "SELECT 1"));
        return result.ok() ? null : result.output().strip().replace('\n', ' ');
    }

    static String dbClient() {
        return Shell.has("mariadb") ? "mariadb" : Shell.has("mysql") ? "mysql" : null;
    }

    Map<String, String> dbPassword() {
        return Map.of("MYSQL_PWD", settings.dbPassword());
    }

    /** Redis answers PING: PONG, or an error when it wants a password or is still loading its data. */
    static boolean redisUp(String host, int port) {
        if (!Shell.has("redis-cli")) {
            return Shell.tcpOpen(host, port);
        }
        String answer = Shell.run(Duration.ofSeconds(3), List.of("redis-cli", "-h", host, "-p", String.valueOf(port), "ping")).output();
        return answer.contains("PONG") || answer.contains("NOAUTH") || answer.contains("LOADING");
    }

    boolean redisUp() {
        return redisUp(settings.redisHost(), settings.redisPort());
    }

    /** The Redis Cluster nodes (SPRING_DATA_REDIS_CLUSTER_NODES) that do not answer. */
    List<String> clusterNodesDown() {
        List<String> down = new ArrayList<>();
        for (String node : settings.redisClusterNodes()) {
            int colon = node.lastIndexOf(':');
            if (colon < 0 || !node.substring(colon + 1).matches("[0-9]{1,5}")
                    || !redisUp(node.substring(0, colon), Integer.parseInt(node.substring(colon + 1)))) {
                down.add(node);
            }
        }
        return down;
    }

    /** RabbitMQ: where it runs here, its own diagnostics (the AMQP listener accepts connections); elsewhere the port. */
    boolean rabbitUp() {
        if (Shell.isRoot() && LaunchSettings.isLocal(settings.rabbitHost()) && Shell.has("rabbitmq-diagnostics")) {
            return Shell.run(Duration.ofSeconds(10), List.of("rabbitmq-diagnostics", "-q", "check_port_connectivity")).ok();
        }
        return Shell.tcpOpen(settings.rabbitHost(), settings.rabbitPort());
    }

    /** Started and serving: the node runs its application and its AMQP port answers. */
    boolean rabbitBooted() {
        return Shell.run(Duration.ofSeconds(10), List.of("rabbitmq-diagnostics", "-q", "check_running")).ok() && rabbitUp();
    }

    String redisWhere() {
        List<String> nodes = settings.redisClusterNodes();
        return nodes.isEmpty() ? settings.redisHost() + ":" + settings.redisPort() : "cluster " + String.join(",", nodes);
    }
}
