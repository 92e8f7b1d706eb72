package com.seckill.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One of the machine's servers (Redis, RabbitMQ, MariaDB) reached at an address inside a network namespace of the
 * test's own (issue 25): a veth pair from this machine ({@code 10.213.N.1}) to the namespace ({@code 10.213.N.2}),
 * where a relay (socat) takes each connection on to the server through a Unix socket of the test's directory. The
 * services are started with that address, the test itself keeps talking to the server directly. {@link #cut} takes
 * the namespace's end of the link down: every packet between the services and the server is dropped, nothing is
 * reset, so a call in flight times out with its outcome unknown (the server may have done it) and a new connection
 * hangs; {@link #heal} brings it back and the retransmitted packets go through, late answers included. The server
 * itself is not touched: closing the partition stops the relays by their pids and deletes the namespace and link.
 */
final class Partition implements AutoCloseable {

    private static final Duration COMMAND = Duration.ofSeconds(15);

    private final String namespace;
    private final String hostLink;
    private final String nsLink;
    private final String address;
    private final Path dir;
    private final List<Process> relays = new ArrayList<>();
    private int cuts;

    private Partition(String name, int subnet) throws IOException {
        this.namespace = "skp-" + name;
        this.hostLink = "skp-" + name + "-h";
        this.nsLink = "skp-" + name + "-n";
        this.address = "10.213." + subnet + ".2";
        this.dir = Files.createTempDirectory("seckill-partition-" + name);
    }

    /**
     * The server at 127.0.0.1:{@code port} reached at {@code 10.213.subnet.2:port}. A namespace of the same name
     * left by an earlier run that was killed is removed first.
     */
    static Partition open(String name, int subnet, int port) throws Exception {
        Partition partition = new Partition(name, subnet);
        try {
            partition.build(port);
        } catch (Exception e) {
            partition.close();
            throw e;
        }
        return partition;
    }

    private void build(int port) throws Exception {
        removeLeftovers();
        String host = "10.213." + address.split("\\.")[2] + ".1";
        ip("netns", "add", namespace);
        ip("link", "add", hostLink, "type", "veth", "peer", "name", nsLink);
        ip("link", "set", nsLink, "netns", namespace);
        ip("addr", "add", host + "/30", "dev", hostLink);
        ip("link", "set", hostLink, "up");
        inside("ip", "addr", "add", address + "/30", "dev", nsLink);
        inside("ip", "link", "set", nsLink, "up");
        inside("ip", "link", "set", "lo", "up");
        Path socket = dir.resolve("server.sock");
        relays.add(new ProcessBuilder("socat", "UNIX-LISTEN:" + socket + ",fork,unlink-early", "TCP:127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(dir.resolve("host-relay.log").toFile()).start());
        relays.add(new ProcessBuilder("ip", "netns", "exec", namespace, "socat",
                "TCP-LISTEN:" + port + ",bind=" + address + ",fork,reuseaddr", "UNIX-CONNECT:" + socket)
                .redirectErrorStream(true).redirectOutput(dir.resolve("namespace-relay.log").toFile()).start());
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
                .until(() -> reachable(port));
    }

    private boolean reachable(int port) {
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new java.net.InetSocketAddress(address, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Redis, RabbitMQ and MariaDB each behind a namespace of its own (the ports the suite's environment names), and
     * the environment that starts the services through them.
     */
    record Servers(Map<String, Partition> byName) implements AutoCloseable {

        static Servers open() throws Exception {
            Map<String, Partition> byName = new java.util.LinkedHashMap<>();
            try {
                byName.put("redis", Partition.open("redis", 1, port("SECKILL_REDIS_PORT", 6379)));
                byName.put("rabbitmq", Partition.open("rabbit", 2, port("SECKILL_RABBIT_PORT", 5672)));
                byName.put("mariadb", Partition.open("maria", 3, port("SECKILL_DB_PORT", 3306)));
            } catch (Exception e) {
                new Servers(byName).close();
                throw e;
            }
            return new Servers(byName);
        }

        /** The suite's system taken down, then brought up (with {@code upArgs}) reaching the servers through the namespaces. */
        static Servers withSystemBehind(String... upArgs) throws Exception {
            Servers servers = open();
            Launcher.down(Map.of());
            Launcher.up(servers.shape(), upArgs);
            return servers;
        }

        /**
         * The suite's system again as the next test class expects it: the partitioned one down, the namespaces
         * gone, one instance of each service reaching the servers directly.
         */
        static void restoreSuite(Servers servers, SeckillSystem system) throws Exception {
            try {
                if (system != null) {
                    system.close();
                }
                Launcher.down(Map.of());
            } finally {
                if (servers != null) {
                    servers.close();
                }
                Faults.restartMissingServices();
            }
        }

        Partition of(String server) {
            return byName.get(server);
        }

        /** SECKILL_REDIS_HOST, SECKILL_RABBIT_HOST and SECKILL_DB_HOST at the namespaces. */
        Map<String, String> shape() {
            return Map.of("SECKILL_REDIS_HOST", of("redis").address(), "SECKILL_RABBIT_HOST", of("rabbitmq").address(),
                    "SECKILL_DB_HOST", of("mariadb").address());
        }

        @Override
        public void close() throws Exception {
            for (Partition partition : byName.values()) {
                partition.close();
            }
        }

        private static int port(String env, int fallback) {
            return Integer.parseInt(System.getenv().getOrDefault(env, String.valueOf(fallback)));
        }
    }

    /** The server's address as the services are to reach it. */
    String address() {
        return address;
    }

    /** Every packet between the services and the server dropped from now on, until every cut so far is healed. */
    synchronized void cut() throws Exception {
        if (cuts++ == 0) {
            inside("ip", "link", "set", nsLink, "down");
        }
    }

    /** Ends one cut; the link comes back when no other (overlapping) cut is still under way. */
    synchronized void heal() throws Exception {
        if (cuts > 0 && --cuts == 0) {
            inside("ip", "link", "set", nsLink, "up");
        }
    }

    /** Cut now, healed after {@code lasting}: a fault that ends by itself (and is healed at once if anything went wrong). */
    Faults.Ending cutFor(Duration lasting) throws Exception {
        cut();
        java.util.concurrent.atomic.AtomicBoolean ended = new java.util.concurrent.atomic.AtomicBoolean();
        CompletableFuture<Void> healed = CompletableFuture.runAsync(() -> {
            try {
                Thread.sleep(lasting.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                healOnce(ended);
            }
        });
        return () -> {
            try {
                healed.get(5, TimeUnit.MINUTES);
            } finally {
                healOnce(ended);
            }
        };
    }

    private void healOnce(java.util.concurrent.atomic.AtomicBoolean ended) {
        if (ended.compareAndSet(false, true)) {
            try {
                heal();
            } catch (Exception e) {
                throw new IllegalStateException("the link to " + namespace + " could not be healed", e);
            }
        }
    }

    @Override
    public void close() throws Exception {
        for (Process relay : relays) {
            relay.descendants().forEach(ProcessHandle::destroy);
            relay.destroy();
            if (!relay.waitFor(10, TimeUnit.SECONDS)) {
                relay.destroyForcibly();
            }
        }
        removeLeftovers();
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    /** The namespace (its end of the link goes with it) and this machine's end, if they exist. */
    private void removeLeftovers() throws Exception {
        Launcher.exec(COMMAND, Map.of(), "ip", "netns", "del", namespace);
        Launcher.exec(COMMAND, Map.of(), "ip", "link", "del", hostLink);
    }

    private void inside(String... command) throws Exception {
        List<String> all = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        all.addAll(List.of(command));
        Launcher.run(COMMAND, Map.of(), all.toArray(String[]::new));
    }

    private static void ip(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("ip"));
        all.addAll(List.of(args));
        Launcher.run(COMMAND, Map.of(), all.toArray(String[]::new));
    }
}
