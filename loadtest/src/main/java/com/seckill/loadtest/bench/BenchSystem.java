package com.seckill.loadtest.bench;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The system a bench measures: started and stopped with {@code ./seckill up/down} on a database,
 * RabbitMQ vhost and Redis database of its own, emptied first, with the settings the bench gives it.
 */
final class BenchSystem {

    static final List<String> SERVICES = List.of("seckill-service", "order-service", "payment-service", "gateway-service");
    private static final int[] PORTS = {8081, 8082, 8083, 8080};

    private final BenchSettings settings;
    private final Map<String, String> system = new HashMap<>();

    /** @param limits the gateway's rate limits it runs with, by the variable's suffix (PERIP, PERUSER, PERACTIVITY) */
    BenchSystem(BenchSettings settings, Map<String, String> limits) {
        this.settings = settings;
        limits.forEach((name, value) -> system.put("SECKILL_GATEWAY_RATELIMIT_" + name, value));
        system.putAll(Map.of("SECKILL_DB_NAME", BenchSettings.DATABASE, "SPRING_RABBITMQ_VIRTUALHOST", BenchSettings.VHOST,
                "SPRING_DATA_REDIS_DATABASE", String.valueOf(BenchSettings.REDIS_DATABASE), "SECKILL_LOCK_HELD", "1",
                "SECKILL_UP_OWN_ONLY", "1"));
        // thousands of the crowd's connections come from this one address
        system.put("SECKILL_GATEWAY_CONNECTIONS_PERADDRESS", "0");
    }

    Map<String, String> settings() {
        return system;
    }

    /** Refuses to start over services already running: the bench starts its own, and stops them at the end. */
    static void requireFreePorts() {
        for (int i = 0; i < PORTS.length; i++) {
            if (listening(PORTS[i])) {
                throw new IllegalStateException("port " + PORTS[i] + " (" + SERVICES.get(i) + ") is taken: bench starts its own services"
                        + " (rate limits raised) and stops them at the end; ./seckill down first");
            }
        }
    }

    /** A fresh database, RabbitMQ vhost and Redis database for the system under test. */
    void isolate() throws Exception {
        System.out.printf("==> fresh database %s, RabbitMQ vhost %s and Redis database %d for the bench%n",
                BenchSettings.DATABASE, BenchSettings.VHOST, BenchSettings.REDIS_DATABASE);
        try (Connection server = settings.db(""); Statement st = server.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS `" + BenchSettings.DATABASE + "`");
        }
        output(settings.root(), List.of("rabbitmqctl", "-q", "delete_vhost", BenchSettings.VHOST)); // absent the first time
        for (List<String> command : List.of(List.of("rabbitmqctl", "-q", "add_vhost", BenchSettings.VHOST),
                List.of("rabbitmqctl", "-q", "set_permissions", "-p", BenchSettings.VHOST, settings.rabbitUser(), ".*", ".*", ".*"))) {
            if (output(settings.root(), command).isEmpty()) {
                throw new IllegalStateException(String.join(" ", command) + " failed: bench resets its vhost with rabbitmqctl,"
                        + " so RabbitMQ must run on this machine");
            }
        }
        RedisClient client = RedisClient.create(RedisURI.builder().withHost(settings.redisHost()).withPort(settings.redisPort())
                .withDatabase(BenchSettings.REDIS_DATABASE).build());
        try (StatefulRedisConnection<String, String> redis = client.connect()) {
            redis.sync().flushdb();
        } finally {
            client.shutdown();
        }
    }

    /** ./seckill with the bench's system settings (the lock the bench command holds is passed on); its output in launcher.log. */
    void launcher(String... command) throws IOException, InterruptedException {
        launcher(Map.of(), command);
    }

    /** As {@link #launcher(String...)}, with {@code extra} in the launcher's environment. */
    void launcher(Map<String, String> extra, String... command) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(settings.root().resolve("seckill").toString()));
        line.addAll(List.of(command));
        Path log = settings.out().resolve("launcher.log");
        ProcessBuilder builder = new ProcessBuilder(line).directory(settings.root().toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(system);
        builder.environment().putAll(extra);
        int exit = builder.start().waitFor();
        if (exit != 0) {
            List<String> lines = Files.readAllLines(log);
            lines.subList(Math.max(0, lines.size() - 30), lines.size()).forEach(System.err::println);
            throw new IllegalStateException("./seckill " + String.join(" ", command) + " failed (exit " + exit
                    + "); target/bench/launcher.log has its output");
        }
    }

    /** Stops the services if any runs (after a failure, what the bench started). */
    void stopWhatRuns() {
        if (IntStream.of(PORTS).noneMatch(BenchSystem::listening)) {
            return;
        }
        try {
            launcher("down");
        } catch (Exception e) {
            System.err.println("bench: could not stop the services: " + e.getMessage() + " (./seckill down)");
        }
    }

    /** What a command printed when it succeeded; empty when it failed or could not run. */
    static Optional<String> output(Path dir, List<String> command) {
        try {
            Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String text = new String(process.getInputStream().readAllBytes()).strip();
            return process.waitFor() == 0 ? Optional.of(text) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
