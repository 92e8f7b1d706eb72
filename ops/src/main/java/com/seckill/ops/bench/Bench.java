package com.seckill.ops.bench;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * {@code ./seckill bench}: starts the services with raised rate limits on a database, RabbitMQ vhost and
 * Redis database of their own (emptied first), measures the routing floor, the sold-out storm, the
 * purchase burst and the order drain through the gateway and the same transaction on raw MariaDB,
 * samples the services' RSS, stops them, and writes target/bench/ and docs/PERFORMANCE.md.
 */
public final class Bench {

    private static final List<String> SERVICES = List.of("seckill-service", "order-service", "payment-service", "gateway-service");
    private static final int[] PORTS = {8081, 8082, 8083, 8080};
    private static final String RAISED_LIMIT = "1000000";

    private final BenchSettings settings;
    private final Map<String, String> env;
    private final Map<String, String> system = new HashMap<>();
    private final Properties results = new Properties();
    private final RssSampler rss;

    private Bench(BenchSettings settings, Map<String, String> env) {
        this.settings = settings;
        this.env = env;
        this.rss = new RssSampler(settings.root(), settings.out(), SERVICES);
        // one machine is one address and a few users: the limiter runs on every request, never refuses
        for (String limit : List.of("PERIP", "PERUSER", "PERACTIVITY")) {
            system.put("SECKILL_GATEWAY_RATELIMIT_" + limit, env.getOrDefault("SECKILL_GATEWAY_RATELIMIT_" + limit, RAISED_LIMIT));
        }
        system.putAll(Map.of("SECKILL_DB_NAME", BenchSettings.DATABASE, "SPRING_RABBITMQ_VIRTUALHOST", BenchSettings.VHOST,
                "SPRING_DATA_REDIS_DATABASE", String.valueOf(BenchSettings.REDIS_DATABASE), "SECKILL_LOCK_HELD", "1",
                "SECKILL_UP_OWN_ONLY", "1"));
    }

    public static int run(Map<String, String> env) throws Exception {
        BenchSettings settings = BenchSettings.from(env);
        for (int i = 0; i < PORTS.length; i++) {
            if (listening(PORTS[i])) {
                throw new IllegalStateException("port " + PORTS[i] + " (" + SERVICES.get(i) + ") is taken: bench starts its own services"
                        + " (rate limits raised) and stops them at the end; ./seckill down first");
            }
        }
        deleteTree(settings.out());
        Files.createDirectories(settings.out());
        new Bench(settings, env).measure();
        return 0;
    }

    private void measure() throws Exception {
        long start = System.nanoTime();
        isolate();
        // Ctrl-C or a kill skips the finally below: the services it started must not outlive the bench
        Thread stopOnExit = new Thread(this::stopWhatRuns, "bench-stop");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        try (RssSampler sampler = rss) {
            phase("starting the services");
            launcher("up");
            Properties machine = Machine.describe(settings, env, system);
            save(machine, "machine.properties");
            rss.start();
            BenchPhases phases = new BenchPhases(settings, results);
            phase("load: warm-up, routing floor, sold-out storm, purchase burst");
            phases.load();
            phase("order drain: queue filled while order-service is stopped");
            launcher("down", "order-service");
            phases.fill();
            phase("order drain: order-service started on the full queue");
            launcher("up");
            phases.drain();
            rss.close();
            phase("stopping the services");
            launcher("down");
            String concurrency = orderSetting(settings, env, "concurrency");
            phase("raw MariaDB: the consumer's transaction at concurrency " + concurrency);
            new RawMariaDb(settings, results).run(Integer.parseInt(concurrency));
            new BenchReport(results, machine, rss.summary()).write(settings.root().resolve("docs/PERFORMANCE.md"));
            System.out.printf("bench done in %d s: docs/PERFORMANCE.md, target/bench/%n", (System.nanoTime() - start) / 1_000_000_000L);
        } finally {
            if (removed(stopOnExit)) { // else a signal ended the run, and the hook is stopping the services
                stopWhatRuns(); // nothing left to stop after a whole run; after a failure, what it started
                save(results, "results.properties");
                save(rss.summary(), "rss.properties");
            }
        }
    }

    /** A fresh database, RabbitMQ vhost and Redis database for the system under test. */
    private void isolate() throws Exception {
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

    private void phase(String name) {
        rss.phase(name);
        System.out.println("==> bench: " + name);
    }

    /** ./seckill with the bench's system settings (the lock the bench command holds is passed on); its output in launcher.log. */
    private void launcher(String... command) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(settings.root().resolve("seckill").toString()));
        line.addAll(List.of(command));
        Path log = settings.out().resolve("launcher.log");
        ProcessBuilder builder = new ProcessBuilder(line).directory(settings.root().toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(system);
        int exit = builder.start().waitFor();
        if (exit != 0) {
            List<String> lines = Files.readAllLines(log);
            lines.subList(Math.max(0, lines.size() - 30), lines.size()).forEach(System.err::println);
            throw new IllegalStateException("./seckill " + String.join(" ", command) + " failed (exit " + exit
                    + "); target/bench/launcher.log has its output");
        }
    }

    /** Whether the hook could be taken back: not once the JVM is shutting down. */
    private static boolean removed(Thread hook) {
        try {
            return Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            return false;
        }
    }

    private void stopWhatRuns() {
        if (IntStream.of(PORTS).noneMatch(Bench::listening)) {
            return;
        }
        try {
            launcher("down");
        } catch (Exception e) {
            System.err.println("bench: could not stop the services: " + e.getMessage() + " (./seckill down)");
        }
    }

    private void save(Properties properties, String name) throws IOException {
        try (OutputStream out = Files.newOutputStream(settings.out().resolve(name))) {
            properties.store(out, "seckill bench");
        }
    }

    /** An order consumer setting the services run with: the environment, else order-service's application.yml. */
    static String orderSetting(BenchSettings settings, Map<String, String> env, String key) {
        String variable = "SECKILL_ORDER_" + key.replace("-", "").toUpperCase(java.util.Locale.ROOT);
        String value = env.get(variable);
        if (value != null && !value.isBlank()) {
            return value.strip();
        }
        try {
            boolean inSeckill = false;
            for (String line : Files.readAllLines(settings.root().resolve("order-service/src/main/resources/application.yml"))) {
                inSeckill |= line.startsWith("seckill:");
                if (inSeckill && line.strip().startsWith(key + ":")) {
                    return line.strip().substring(key.length() + 1).replaceAll("#.*", "").strip();
                }
            }
        } catch (IOException e) {
            // not in a checkout: unknown
        }
        return "?";
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

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }
}
