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
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * A local Redis Cluster of three masters, each with one replica, on ports of its own, in a temporary directory:
 * {@code redis-server --cluster-enabled yes} six times and {@code redis-cli --cluster create --cluster-replicas 1}
 * (the first three ports are the masters). A master that stops answering for {@link #NODE_TIMEOUT} is failed over
 * to its replica, as in production (docs/operations.md). The processes are children of the test, stopped by their
 * pids at the end, their files removed.
 */
final class RedisClusterProcesses implements AutoCloseable {

    /** {@code cluster-node-timeout}: how long a master may be unreachable before its replica takes over. */
    static final Duration NODE_TIMEOUT = Duration.ofSeconds(2);
    private static final int MASTERS = 3;

    private final List<Integer> ports;
    private final Path dir;
    private final List<Process> nodes = new ArrayList<>();

    RedisClusterProcesses(int firstPort) throws Exception {
        this.ports = IntStream.range(firstPort, firstPort + 2 * MASTERS).boxed().toList();
        this.dir = Files.createTempDirectory("seckill-redis-cluster");
        for (int port : ports) {
            if (reachable(port)) {
                throw new IllegalStateException("port " + port + " is taken: the test's Redis Cluster needs it");
            }
            Path nodeDir = Files.createDirectories(dir.resolve(String.valueOf(port)));
            nodes.add(new ProcessBuilder("redis-server", "--port", String.valueOf(port), "--bind", "127.0.0.1",
                    "--cluster-enabled", "yes", "--cluster-config-file", nodeDir.resolve("nodes.conf").toString(),
                    "--cluster-node-timeout", String.valueOf(NODE_TIMEOUT.toMillis()),
                    // the slots of live masters keep answering while a dead one's replica takes over (docs/operations.md)
                    "--cluster-require-full-coverage", "no",
                    "--dir", nodeDir.toString(), "--appendonly", "yes", "--save", "", "--daemonize", "no")
                    .redirectErrorStream(true).redirectOutput(nodeDir.resolve("redis.log").toFile()).start());
        }
        for (int port : ports) {
            await().atMost(Duration.ofSeconds(20)).until(() -> reachable(port));
        }
        List<String> create = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
        ports.forEach(port -> create.add("127.0.0.1:" + port));
        create.addAll(List.of("--cluster-replicas", "1", "--cluster-yes"));
        Launcher.run(Duration.ofSeconds(60), Map.of(), create.toArray(String[]::new));
        for (int port : ports) {
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() ->
                    cli(port, "cluster", "info").contains("cluster_state:ok"));
        }
        for (int port : ports.subList(MASTERS, ports.size())) {
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() ->
                    cli(port, "info", "replication").contains("master_link_status:up"));
        }
    }

    /** The port of the master that serves {@code slot} now, as a live node tells it. */
    int masterOf(int slot) {
        return servingMasters().stream().filter(fields -> serves(fields, slot)).map(RedisClusterProcesses::port).findFirst()
                .orElseThrow(() -> new IllegalStateException("no live master serves slot " + slot));
    }

    /** The masters that serve slots now. */
    List<Integer> masters() {
        return servingMasters().stream().map(RedisClusterProcesses::port).toList();
    }

    /** CLUSTER NODES lines (split in fields) of the masters that hold slots and are not failed, from a live node. */
    private List<String[]> servingMasters() {
        int live = ports.stream().filter(port -> nodes.get(ports.indexOf(port)).isAlive()).findFirst().orElseThrow();
        return cli(live, "cluster", "nodes").lines().map(line -> line.split(" "))
                .filter(fields -> fields.length > 8 && serving(Set.of(fields[2].split(",")))).toList();
    }

    /** A master's flags, neither failed nor suspected of it. */
    private static boolean serving(Set<String> flags) {
        return flags.contains("master") && !flags.contains("fail") && !flags.contains("fail?");
    }

    private static int port(String[] fields) {
        String address = fields[1].substring(0, fields[1].indexOf('@'));
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }

    /** {@code kill -9} of the node on {@code port}: no goodbye to its clients or to the cluster. */
    void kill(int port) throws InterruptedException {
        Process node = nodes.get(ports.indexOf(port));
        node.destroyForcibly();
        node.waitFor(10, TimeUnit.SECONDS);
    }

    private static boolean serves(String[] fields, int slot) {
        for (int i = 8; i < fields.length; i++) {
            if (fields[i].startsWith("[")) {
                continue;
            }
            String[] range = fields[i].split("-");
            if (slot >= Integer.parseInt(range[0]) && slot <= Integer.parseInt(range[range.length - 1])) {
                return true;
            }
        }
        return false;
    }

    private static String cli(int port, String... command) {
        List<String> line = new ArrayList<>(List.of("redis-cli", "-p", String.valueOf(port)));
        line.addAll(List.of(command));
        try {
            return Launcher.run(Duration.ofSeconds(5), Map.of(), line.toArray(String[]::new));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (Exception e) {
            throw new IllegalStateException(String.join(" ", line) + " failed", e);
        }
    }

    /**
     * Starts {@code redis-cli monitor} on every master serving slots now, writing what each runs to a file of its own: the
     * commands as Redis sees them, until the returned handle is closed.
     */
    Monitors monitor() throws IOException {
        List<Process> monitors = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        for (int port : masters()) {
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
                if (!monitor.waitFor(10, TimeUnit.SECONDS)) {
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
            if (!node.waitFor(10, TimeUnit.SECONDS)) {
                node.destroyForcibly();
            }
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
