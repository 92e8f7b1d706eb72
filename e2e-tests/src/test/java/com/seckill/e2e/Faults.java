package com.seckill.e2e;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Real faults for the fault suite: kill -9 of a service started by ./seckill, and stop/start of
 * the local Redis, RabbitMQ and MariaDB with the same commands that start them on this kind of
 * machine. Everything on this machine only; every wait is bounded.
 */
final class Faults {

    private static final Path ROOT = locateRoot();
    private static final Duration SERVICE_UP = Duration.ofSeconds(240);
    private static final Duration INFRA_UP = Duration.ofSeconds(120);

    private Faults() {
    }

    /** SIGKILL: no shutdown hook, no graceful stop, whatever was in memory is gone. */
    static void kill(String service) throws IOException {
        long pid = Long.parseLong(Files.readString(ROOT.resolve(".run").resolve(service + ".pid")).strip());
        ProcessHandle process = ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException(service + " is not running"));
        process.destroyForcibly();
        await().atMost(Duration.ofSeconds(20)).until(() -> !process.isAlive());
    }

    /** The pid of a service the launcher started ({@code .run/<service>.pid}). */
    static long servicePid(String service) throws IOException {
        return Long.parseLong(Files.readString(ROOT.resolve(".run").resolve(service + ".pid")).strip());
    }

    /** The pid of the Redis serving {@code system}. */
    static long redisPid(SeckillSystem system) {
        return Long.parseLong(system.redis.info("server").lines().filter(line -> line.startsWith("process_id:")).findFirst()
                .orElseThrow().substring("process_id:".length()).strip());
    }

    /** The pid of this machine's MariaDB server. */
    static long mariaDbPid() {
        return ProcessHandle.allProcesses().filter(process -> process.info().command().orElse("").endsWith("/mariadbd"))
                .findFirst().orElseThrow(() -> new IllegalStateException("no mariadbd process on this machine")).pid();
    }

    /**
     * SIGSTOP now, SIGCONT after {@code pause}: the process keeps its memory, sockets and locks and
     * answers nothing meanwhile (a long GC pause, a stopped VM), then carries on with what it was doing.
     * The returned pause ends by itself; {@link Pause#awaitEnd} waits for it (and sends SIGCONT at once if
     * anything went wrong, so no test leaves a process stopped).
     */
    static Pause pause(long pid, Duration pause) throws Exception {
        run(Duration.ofSeconds(10), Map.of(), "kill", "-STOP", Long.toString(pid));
        java.util.concurrent.CompletableFuture<Void> resumed = java.util.concurrent.CompletableFuture.runAsync(() -> {
            try {
                Thread.sleep(pause.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                resume(pid);
            }
        });
        return new Pause(pid, resumed);
    }

    /** Starts a fault that ends by itself: a pause, a partition. */
    interface Step {
        Ending start() throws Exception;
    }

    /** A fault under way that ends by itself; {@link #awaitEnd} waits for its end (and brings it about if anything went wrong). */
    interface Ending {
        void awaitEnd() throws Exception;
    }

    /** A process stopped by {@link #pause}. */
    record Pause(long pid, java.util.concurrent.CompletableFuture<Void> resumed) implements Ending {

        @Override
        public void awaitEnd() throws Exception {
            try {
                resumed.get(5, TimeUnit.MINUTES);
            } finally {
                resume(pid);
            }
        }
    }

    private static void resume(long pid) {
        try {
            run(Duration.ofSeconds(10), Map.of(), "kill", "-CONT", Long.toString(pid));
        } catch (Exception e) {
            throw new IllegalStateException("process " + pid + " could not be resumed", e);
        }
    }

    /** ./seckill up: starts what is missing, local infrastructure included, and waits until every service is routed. */
    static void restartMissingServices() throws Exception {
        restartMissingServices(false);
    }

    /**
     * As {@link #restartMissingServices()}, with {@code --instances 2} when {@code twoOfEach}. One at a time
     * (the launcher's own lock is held by the suite, so this one serialises overlapping faults' restarts).
     */
    static synchronized void restartMissingServices(boolean twoOfEach) throws Exception {
        restartMissingServices(twoOfEach, Map.of());
    }

    /**
     * The system's settings as ./seckill test sets them (what the environment says wins): every shopper of a test comes
     * from this machine's one address (requests per second raised, connections not capped), and the services warm up
     * with fewer requests than by default, the gateway for at most 30 s waiting for seckill-service and 30 s of rounds
     * (the suites start systems a dozen times; the warm-up's own test and the cold bench measure the default).
     */
    static Map<String, String> suiteSystem() {
        Map<String, String> settings = new java.util.HashMap<>();
        Map.of("SECKILL_GATEWAY_RATELIMIT_PERIP", "100000", "SECKILL_GATEWAY_CONNECTIONS_PERADDRESS", "0",
                        "SECKILL_GATEWAY_WARMUP_REQUESTS", "2000", "SECKILL_GATEWAY_WARMUP_MAX", "30s",
                        "SECKILL_SERVICE_WARMUP_REQUESTS", "800")
                .forEach((name, value) -> settings.put(name, System.getenv().getOrDefault(name, value)));
        return settings;
    }

    /** As {@link #restartMissingServices(boolean)}, the services started with {@code shape} in their environment. */
    static synchronized void restartMissingServices(boolean twoOfEach, Map<String, String> shape) throws Exception {
        Map<String, String> env = new java.util.HashMap<>(shape);
        env.put("SECKILL_LOCK_HELD", "1");
        env.putAll(suiteSystem());
        if (twoOfEach) {
            run(SERVICE_UP, env, ROOT.resolve("seckill").toString(), "up", "--instances", "2");
        } else {
            run(SERVICE_UP, env, ROOT.resolve("seckill").toString(), "up");
        }
    }

    /** kill -9 of the Redis process: no shutdown, whatever its AOF had not written is gone. */
    static void killRedis(SeckillSystem system) {
        String server = system.redis.info("server");
        long pid = Long.parseLong(server.lines().filter(line -> line.startsWith("process_id:")).findFirst()
                .orElseThrow().substring("process_id:".length()).strip());
        ProcessHandle.of(pid).orElseThrow().destroyForcibly();
        await().atMost(Duration.ofSeconds(20)).until(() -> !reachable(port("SECKILL_REDIS_PORT", 6379)));
    }

    /**
     * ./seckill up as a user runs it, taking the launcher's lock (a lock file of its own: the fault suite
     * holds the usual one, and its SECKILL_LOCK_HELD is not passed on): it starts what is missing. Then the
     * lock must be free again, so that a daemon it started holds no descriptor of it, and ./seckill status
     * and a second ./seckill up (which takes the lock again) must answer.
     */
    static void upAsAUserAndStillInCharge() throws Exception {
        Path lock = Files.createTempFile("seckill-launcher", ".lock");
        try {
            Map<String, String> env = new java.util.HashMap<>(suiteSystem());
            env.putAll(Map.of("SECKILL_LOCK_FILE", lock.toString(), "SECKILL_LOCK_HELD", ""));
            run(SERVICE_UP, env, ROOT.resolve("seckill").toString(), "up");
            run(Duration.ofSeconds(10), Map.of(), "flock", "--nonblock", lock.toString(), "true");
            run(Duration.ofSeconds(60), env, ROOT.resolve("seckill").toString(), "status");
            run(SERVICE_UP, env, ROOT.resolve("seckill").toString(), "up");
        } finally {
            Files.deleteIfExists(lock);
        }
    }

    /**
     * The Redis the launcher runs (AOF on: what it acknowledged survives a crash of its process), in
     * place of one started otherwise (this machine's own keeps nothing on disk): stopped, then started
     * again by ./seckill up.
     */
    static void redisAsTheLauncherRunsIt(SeckillSystem system) throws Exception {
        if (!redisAppendOnly(system)) {
            stopRedis();
            restartMissingServices();
        }
    }

    static boolean redisAppendOnly(SeckillSystem system) {
        return "yes".equals(system.redis.configGet("appendonly").get("appendonly"));
    }

    static void stopRedis() throws Exception {
        run(Duration.ofSeconds(30), Map.of(), "redis-cli", "-p", port("SECKILL_REDIS_PORT", 6379), "shutdown", "nosave");
        await().atMost(Duration.ofSeconds(30)).until(() -> !reachable(port("SECKILL_REDIS_PORT", 6379)));
    }

    /** Starts an empty Redis (it keeps nothing on disk), as after a crash. */
    static void startRedis() throws Exception {
        run(Duration.ofSeconds(30), Map.of(), "redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1",
                "--port", port("SECKILL_REDIS_PORT", 6379), "--save", "", "--appendonly", "no",
                "--dir", "/var/lib/redis", "--logfile", "/var/log/redis/ci.log");
        await().atMost(INFRA_UP).until(() -> reachable(port("SECKILL_REDIS_PORT", 6379)));
    }

    static void stopRabbit() throws Exception {
        run(Duration.ofSeconds(60), Map.of(), "rabbitmqctl", "stop_app");
    }

    static void startRabbit() throws Exception {
        run(Duration.ofSeconds(90), Map.of(), "rabbitmqctl", "start_app");
        awaitRabbit();
    }

    private static void awaitRabbit() {
        await().atMost(INFRA_UP).pollInterval(Duration.ofSeconds(1)).until(() -> {
            try {
                run(Duration.ofSeconds(20), Map.of(), "rabbitmq-diagnostics", "-q", "check_running");
                return true;
            } catch (IllegalStateException e) {
                return false;
            }
        });
    }

    /** The RabbitMQ node's process. */
    static long rabbitPid() throws Exception {
        return Long.parseLong(run(Duration.ofSeconds(30), Map.of(), "rabbitmqctl", "eval", "os:getpid().").replace("\"", "").strip());
    }

    /** kill -9 of the RabbitMQ node: no graceful stop, only what it had written (and confirmed) survives. */
    static void killRabbit(long pid) {
        killNow(pid);
        await().atMost(Duration.ofSeconds(30)).until(() -> !reachable(port("SECKILL_RABBIT_PORT", 5672)));
    }

    /** kill -9 of MariaDB mid-write: InnoDB recovers what it had committed when ./seckill up starts it again. */
    static void killMariaDb() {
        ProcessHandle mariadb = ProcessHandle.allProcesses()
                .filter(process -> process.info().command().orElse("").endsWith("/mariadbd")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no mariadbd process on this machine"));
        killNow(mariadb.pid());
        await().atMost(Duration.ofSeconds(60)).until(() -> !reachable("3306"));
    }

    private static void killNow(long pid) {
        ProcessHandle process = ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException("no process " + pid));
        process.destroyForcibly();
        await().atMost(Duration.ofSeconds(20)).until(() -> !process.isAlive());
    }

    /** Runs a command to its end within {@code limit}; returns its output, or fails with it. */
    private static String run(Duration limit, Map<String, String> env, String... command) throws Exception {
        // Output to a file, not a pipe: services started by the launcher outlive it.
        Path output = Files.createTempFile("seckill-fault", ".log");
        try {
            ProcessBuilder builder = new ProcessBuilder(List.of(command)).directory(ROOT.toFile())
                    .redirectErrorStream(true).redirectOutput(output.toFile());
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish within " + limit);
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed (" + process.exitValue() + "): "
                        + Files.readString(output));
            }
            return Files.readString(output);
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static boolean reachable(String port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", Integer.parseInt(port)), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String port(String env, int fallback) {
        return System.getenv().getOrDefault(env, String.valueOf(fallback));
    }

    private static Path locateRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("seckill"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("the ./seckill launcher was not found above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
