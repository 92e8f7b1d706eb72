package com.seckill.ops.doctor;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** MySQL, Redis and RabbitMQ as the doctor (and the load testers' tool) reach them: connected once, closed together. */
public final class Infrastructure implements AutoCloseable {

    private final Target target;
    private java.sql.Connection database;
    private AutoCloseable redisClient;
    private StatefulConnection<String, String> redisConnection;
    private RedisClusterCommands<String, String> redis;
    private Connection broker;

    public Infrastructure(Target target) {
        this.target = target;
    }

    public java.sql.Connection database() {
        return database;
    }

    boolean redisUp() {
        return redis != null;
    }

    boolean brokerUp() {
        return broker != null;
    }

    public RedisClusterCommands<String, String> redis() {
        return redis;
    }

    public Connection broker() {
        return broker;
    }

    public List<Check> reachable() {
        List<Check> checks = new ArrayList<>();
        String db = target.dbAddress();
        try {
            database = DriverManager.getConnection(target.jdbcUrl(), target.get("SECKILL_DB_USER", "root"),
                    target.get("SECKILL_DB_PASSWORD", ""));
            checks.add(Check.ok("MySQL reachable", db + "/" + target.dbName()));
        } catch (SQLException e) {
            checks.add(Check.fail("MySQL reachable", db + ": " + e.getMessage()));
        }
        String where = target.clusterNodes().isEmpty()
                ? target.get("SECKILL_REDIS_HOST", "127.0.0.1") + ":" + target.get("SECKILL_REDIS_PORT", "6379")
                : "cluster " + target.clusterNodes();
        try {
            connectRedis();
            checks.add(Check.ok("Redis reachable", where + " (" + redis.ping() + ")"));
        } catch (RuntimeException e) {
            redis = null;
            checks.add(Check.fail("Redis reachable", where + ": " + e.getMessage()));
        }
        String rabbit = target.get("SECKILL_RABBIT_HOST", "127.0.0.1") + ":" + target.get("SECKILL_RABBIT_PORT", "5672");
        try {
            ConnectionFactory factory = new ConnectionFactory();
            factory.setHost(target.get("SECKILL_RABBIT_HOST", "127.0.0.1"));
            factory.setPort(Integer.parseInt(target.get("SECKILL_RABBIT_PORT", "5672")));
            factory.setUsername(target.get("SECKILL_RABBIT_USER", "guest"));
            factory.setPassword(target.get("SECKILL_RABBIT_PASSWORD", "guest"));
            factory.setVirtualHost(target.get("SPRING_RABBITMQ_VIRTUALHOST", "/"));
            factory.setConnectionTimeout(3000);
            broker = factory.newConnection("seckill-doctor");
            checks.add(Check.ok("RabbitMQ reachable", rabbit));
        } catch (Exception e) {
            checks.add(Check.fail("RabbitMQ reachable", rabbit + ": " + e.getMessage()));
        }
        return checks;
    }

    private void connectRedis() {
        Duration timeout = Duration.ofSeconds(3);
        if (target.clusterNodes().isEmpty()) {
            RedisClient client = RedisClient.create(RedisURI.builder()
                    .withHost(target.get("SECKILL_REDIS_HOST", "127.0.0.1"))
                    .withPort(Integer.parseInt(target.get("SECKILL_REDIS_PORT", "6379")))
                    .withDatabase(Integer.parseInt(target.get("SPRING_DATA_REDIS_DATABASE", "0")))
                    .withTimeout(timeout).build());
            redisClient = client::shutdown;
            var connection = client.connect();
            redisConnection = connection;
            redis = connection.sync();
        } else {
            RedisClusterClient client = RedisClusterClient.create(Arrays.stream(target.clusterNodes().split(","))
                    .map(node -> RedisURI.builder().withHost(node.substring(0, node.lastIndexOf(':')))
                            .withPort(Integer.parseInt(node.substring(node.lastIndexOf(':') + 1))).withTimeout(timeout).build())
                    .toList());
            redisClient = client::shutdown;
            var connection = client.connect();
            redisConnection = connection;
            redis = connection.sync();
        }
    }

    /** The database's clock (epoch ms), or null. */
    Long databaseClock() {
        try (PreparedStatement q = database.prepareStatement("SELECT UNIX_TIMESTAMP(NOW(3)) * 1000");
             ResultSet rs = q.executeQuery()) {
            return rs.next() ? rs.getLong(1) : null;
        } catch (SQLException | RuntimeException e) {
            return null;
        }
    }

    /** Redis's clock (epoch ms), or null. */
    Long redisClock() {
        try {
            List<String> time = redis.time();
            return Long.parseLong(time.get(0)) * 1000 + Long.parseLong(time.get(1)) / 1000;
        } catch (RuntimeException e) {
            return null;
        }
    }

    @Override
    public void close() {
        try {
            if (database != null) {
                database.close();
            }
            if (redisConnection != null) {
                redisConnection.close();
            }
            if (redisClient != null) {
                redisClient.close();
            }
            if (broker != null) {
                broker.close();
            }
        } catch (Exception e) {
            // closing is best effort: the doctor is about to exit
        }
    }
}
