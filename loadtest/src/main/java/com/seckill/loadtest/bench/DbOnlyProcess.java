package com.seckill.loadtest.bench;

import com.seckill.ops.launch.Launch;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The DB-only app (module db-only-app) as the bench runs it: one JVM with the services' JVM options, on the
 * bench's database, its stock row set before each crowd, stopped at the end. The launcher builds its jar
 * into {@code .run/db-only-app.jar}.
 */
final class DbOnlyProcess implements AutoCloseable {

    static final int PORT = 8099;
    private static final Duration START = Duration.ofSeconds(90);

    private final BenchSettings settings;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private Process process;

    DbOnlyProcess(BenchSettings settings) {
        this.settings = settings;
    }

    String url() {
        return "http://127.0.0.1:" + PORT;
    }

    /** Started and answering (a purchase of an activity it has no row for: 410), or an exception saying why not. */
    void start(String javaOpts) throws IOException, InterruptedException {
        Path jar = settings.root().resolve(".run/db-only-app.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar + " is missing: ./seckill bench builds it");
        }
        List<String> command = new ArrayList<>(List.of("java"));
        command.addAll(Arrays.asList((javaOpts == null || javaOpts.isBlank() ? Launch.SERVICE_JAVA_OPTS : javaOpts).strip().split("\\s+")));
        command.addAll(List.of("-jar", jar.toString()));
        Path log = settings.out().resolve("db-only-app.log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(java.util.Map.of("SERVER_PORT", String.valueOf(PORT), "DBONLY_DATABASE", BenchSettings.DATABASE,
                "SECKILL_DB_HOST", settings.dbHost(), "SECKILL_DB_PORT", settings.dbPort(), "SECKILL_DB_USER", settings.dbUser(),
                "SECKILL_DB_PASSWORD", settings.dbPassword()));
        process = builder.start();
        Instant deadline = Instant.now().plus(START);
        while (answer() != 410) {
            if (!process.isAlive() || Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("the DB-only app did not start within " + START.toSeconds() + " s (see " + log + ")");
            }
            Thread.sleep(500); // a JVM starting, bounded by the deadline
        }
    }

    private int answer() throws InterruptedException {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(url() + "/api/buy/0")).POST(HttpRequest.BodyPublishers.noBody())
                    .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return 0;
        }
    }

    /** The activity's row with {@code units} left. */
    void stock(long activity, int units) throws Exception {
        try (Connection c = settings.db(BenchSettings.DATABASE);
             PreparedStatement s = c.prepareStatement("INSERT INTO db_only_stock (id, stock) VALUES (?, ?) ON DUPLICATE KEY UPDATE stock = ?")) {
            s.setLong(1, activity);
            s.setInt(2, units);
            s.setInt(3, units);
            s.executeUpdate();
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
