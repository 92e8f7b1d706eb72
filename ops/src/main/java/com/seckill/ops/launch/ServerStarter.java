package com.seckill.ops.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Installs (apt-get, as root) and starts this machine's MariaDB, Redis and RabbitMQ, as their packages run them. */
final class ServerStarter {

    private static final Duration START = Duration.ofMinutes(2);
    private static final Path MARIADBD = Path.of("/usr/sbin/mariadbd");

    private final LaunchSettings settings;
    private final Console console;
    private boolean aptUpdated;

    ServerStarter(LaunchSettings settings, Console console) {
        this.settings = settings;
        this.console = console;
    }

    static boolean installed(String pkg) {
        return switch (pkg) {
            case "mariadb-server" -> Files.isExecutable(MARIADBD) || Shell.has("mariadbd") || Shell.has("mysqld");
            case "redis-server" -> Shell.has("redis-server");
            case "rabbitmq-server" -> Shell.has("rabbitmq-server");
            default -> Shell.has(pkg);
        };
    }

    boolean aptInstall(List<String> packages) {
        if (!Shell.isRoot() || !Shell.has("apt-get")) {
            return false;
        }
        Map<String, String> env = Map.of("DEBIAN_FRONTEND", "noninteractive");
        if (!aptUpdated) {
            console.info("apt-get update");
            aptUpdated = Shell.runVisibly(env, List.of("apt-get", "update", "-qq"));
        }
        console.info("apt-get install -y --no-install-recommends " + String.join(" ", packages));
        List<String> command = new ArrayList<>(List.of("apt-get", "install", "-y", "-qq", "--no-install-recommends"));
        command.addAll(packages);
        return Shell.runVisibly(env, command);
    }

    void startDb() {
        if (!Shell.isRoot()) {
            return;
        }
        if (Files.isExecutable(MARIADBD) && Shell.has("start-stop-daemon")) {
            List<String> command = new ArrayList<>(List.of("start-stop-daemon", "--start", "--oknodo", "--background", "--exec",
                    MARIADBD.toString()));
            if (Shell.run(START, List.of("id", "mysql")).ok()) {
                run(List.of("install", "-d", "-o", "mysql", "-g", "mysql", "/run/mysqld"));
                // mariadbd refuses to run as root unless a config names the user
                if (!Shell.run(START, List.of("my_print_defaults", "mysqld")).output().contains("--user=")) {
                    command.addAll(List.of("--", "--user=mysql"));
                }
            }
            if (run(command)) {
                return;
            }
        }
        if (!run(List.of("service", "mariadb", "start"))) {
            run(List.of("service", "mysql", "start"));
        }
    }

    /** AOF on, no RDB snapshots: what Redis acknowledged survives a crash of its process (contract §10). */
    void startRedis() {
        boolean root = Shell.isRoot();
        Path dir = root ? Path.of("/var/lib/redis") : settings.runDir().resolve("redis");
        Path log = root ? Path.of("/var/log/redis/ci.log") : settings.logDir().resolve("redis.log");
        run(List.of("mkdir", "-p", dir.toString(), log.getParent().toString()));
        boolean started = run(List.of("redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port",
                String.valueOf(settings.redisPort()), "--save", "", "--appendonly", "yes", "--appendfsync", "everysec",
                "--dir", dir.toString(), "--logfile", log.toString()));
        if (!started && root) {
            run(List.of("service", "redis-server", "start"));
        }
    }

    void startRabbit() {
        if (Shell.isRoot() && !run(List.of("rabbitmq-server", "-detached"))) {
            run(List.of("service", "rabbitmq-server", "start"));
        }
    }

    /**
     * Debian's fresh MariaDB lets root in through the unix socket only. The local default is root with an
     * empty password over TCP (what the services and tests use), so that is allowed, locally.
     */
    void allowLocalRoot() {
        if (!settings.dbUser().equals("root") || !settings.dbPassword().isEmpty() || new Probes(settings).dbLoginProblem() == null) {
            return;
        }
        console.info("fresh MariaDB: allowing root with an empty password from this machine (the local default)");
        Shell.Result result = Shell.run(START, List.of(Probes.dbClient(), "-uroot", "--protocol=SOCKET", "-e", """
                ALTER USER 'root'@'localhost' IDENTIFIED VIA unix_socket OR mysql_native_password USING PASSWORD('');
                CREATE USER IF NOT EXISTS 'root'@'127.0.0.1' IDENTIFIED BY '';
                GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;
                FLUSH PRIVILEGES;"""));
        if (!result.ok()) {
            console.warn("could not adjust root's login: " + result.output().strip());
        }
    }

    private static boolean run(List<String> command) {
        return Shell.run(START, command).ok();
    }
}
