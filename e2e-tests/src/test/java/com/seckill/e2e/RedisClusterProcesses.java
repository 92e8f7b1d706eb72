package com.seckill.e2e;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A local Redis Cluster of three masters (no replicas) on ports of its own, in a temporary directory:
 * {@code redis-server --cluster-enabled yes} three times and {@code redis-cli --cluster create}. The
 * processes are children of the test, stopped by their pids at the end, their files removed.
 */
final class RedisClusterProcesses implements AutoCloseable {

    private final List<Integer> ports;
    private final Path dir;
    private final List<Process> nodes = new ArrayList<>();

    RedisClusterProcesses(int firstPort) throws Exception {
        this.ports = List.of(firstPort, firstPort + 1, firstPort + 2);
        this.dir = Files.createTempDirectory("seckill-redis-cluster");
        for (int port : ports) {
            if (reachable(port)) {
                throw new IllegalStateException("port " + port + " is taken: the test's Redis Cluster needs it");
            }
            Path nodeDir = Files.createDirectories(dir.resolve(String.valueOf(port)));
            nodes.add(new ProcessBuilder("redis-server", "--port", String.valueOf(port), "--bind", "127.0.0.1",
                    "--cluster-enabled", "yes", "--cluster-config-file", nodeDir.resolve("nodes.conf").toString(),
                    "--dir", nodeDir.toString(), "--appendonly", "yes", "--save", "", "--daemonize", "no")
                    .redirectErrorStream(true).redirectOutput(nodeDir.resolve("redis.log").toFile()).start());
        }
        for (int port : ports) {
            await().atMost(Duration.ofSeconds(20)).until(() -> reachable(port));
        }
        List<String> create = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
        ports.forEach(port -> create.add("127.0.0.1:" + port));
        create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
        Launcher.run(Duration.ofSeconds(60), Map.of(), create.toArray(String[]::new));
        for (int port : ports) {
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() ->
                    Launcher.run(Duration.ofSeconds(5), Map.of(), "redis-cli", "-p", String.valueOf(port), "cluster", "info")
                            .contains("cluster_state:ok"));
        }
    }

    List<Integer> ports() {
        return ports;
    }

    /**
     * Starts {@code redis-cli monitor} on every master, writing what each runs to a file of its own: the
     * commands as Redis sees them, until the returned handle is closed.
     */
    Monitors monitor() throws IOException {
        List<Process> monitors = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        for (int port : ports) {
            Path log = dir.resolve("monitor-" + port + ".log");
            logs.add(log);
            monitors.add(new ProcessBuilder("redis-cli", "-p", String.valueOf(port), "monitor").redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start());
        }
        return new Monitors(monitors, logs);
    }

    /** The monitors of the masters, stopped by their pids on close; their logs, one per master. */
    record Monitors(List<Process> processes, List<Path> logs) implements AutoCloseable {

        @Override
        public void close() throws InterruptedException {
            for (Process monitor : processes) {
                monitor.destroy();
                if (!monitor.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                    monitor.destroyForcibly();
                }
            }
        }
    }

    /** What SPRING_DATA_REDIS_CLUSTER_NODES says to reach it. */
    String nodes() {
        return ports.stream().map(port -> "127.0.0.1:" + port).collect(Collectors.joining(","));
    }

    private static boolean reachable(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 300);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        for (Process node : nodes) {
            node.destroy();
        }
        for (Process node : nodes) {
            if (!node.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                node.destroyForcibly();
            }
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
