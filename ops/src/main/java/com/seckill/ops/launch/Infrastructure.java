package com.seckill.ops.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * MariaDB, Redis and RabbitMQ made reachable: a local one that does not answer is installed (as root, on
 * Debian/Ubuntu) and started, then waited for; a remote one is only reported. The integration tests'
 * vhost, the (empty) database and, once the services made their tables, the demo data are applied here too.
 */
final class Infrastructure {

    private static final String DEMO_DATA = "sql/demo-data.sql";

    private enum Server {
        DB("MariaDB", "mariadb-server", "sudo service mariadb start"),
        REDIS("Redis", "redis-server", "sudo service redis-server start"),
        RABBIT("RabbitMQ", "rabbitmq-server", "sudo service rabbitmq-server start");

        final String label;
        final String pkg;
        final String hint;

        Server(String label, String pkg, String hint) {
            this.label = label;
            this.pkg = pkg;
            this.hint = hint;
        }
    }

    private final LaunchSettings settings;
    private final Probes probes;
    private final Console console;
    private final ServerStarter starter;

    Infrastructure(LaunchSettings settings, Console console) {
        this.settings = settings;
        this.probes = new Probes(settings);
        this.console = console;
        this.starter = new ServerStarter(settings, console);
    }

    /** Every server reachable and the database login working; false (after saying why) otherwise. */
    boolean ensure() {
        List<String> problems = new ArrayList<>();
        List<Server> toStart = new ArrayList<>();
        List<String> toInstall = new ArrayList<>();
        consider(Server.DB, settings.dbHost(), settings.dbPort(), toStart, toInstall, problems);
        List<String> clusterNodesDown = probes.clusterNodesDown();
        if (settings.redisClusterNodes().isEmpty()) {
            consider(Server.REDIS, settings.redisHost(), settings.redisPort(), toStart, toInstall, problems);
        } else if (!clusterNodesDown.isEmpty()) {
            problems.add("Redis Cluster node(s) not answering: " + String.join(" ", clusterNodesDown)
                    + " (SPRING_DATA_REDIS_CLUSTER_NODES; ./seckill starts no cluster)");
        }
        consider(Server.RABBIT, settings.rabbitHost(), settings.rabbitPort(), toStart, toInstall, problems);

        boolean freshDb = false;
        if (!toInstall.isEmpty()) {
            if (starter.aptInstall(toInstall)) {
                freshDb = toInstall.contains(Server.DB.pkg);
            } else {
                problems.add("not installed: " + String.join(" ", toInstall) + " (Debian/Ubuntu: sudo apt-get install -y "
                        + String.join(" ", toInstall) + "; or run ./seckill as root)");
                toStart.clear();
            }
        }
        for (Server server : toStart) {
            if (!up(server)) { // apt's post-install may have started it already
                console.info("starting local " + server.label);
                start(server);
            }
        }
        for (Server server : toStart) {
            if (!Shell.waitUntil(settings.infraWait(), Duration.ofSeconds(1), booted(server))) {
                problems.add(server.label + " did not come up within " + settings.infraWait().toSeconds() + "s (start it: "
                        + server.hint + ")");
            }
        }
        if (probes.dbUp()) {
            if (freshDb) {
                starter.allowLocalRoot();
            }
            String login = loginProblem();
            if (login != null) {
                problems.add(login);
            }
        }
        problems.forEach(console::error);
        if (!problems.isEmpty()) {
            console.error("infrastructure is not ready (MariaDB, Redis and RabbitMQ must be reachable)");
            return false;
        }
        console.ok("MariaDB " + settings.dbHost() + ":" + settings.dbPort() + ", Redis " + probes.redisWhere() + ", RabbitMQ "
                + settings.rabbitHost() + ":" + settings.rabbitPort() + " reachable");
        return true;
    }

    private void consider(Server server, String host, int port, List<Server> toStart, List<String> toInstall, List<String> problems) {
        if (up(server)) {
            return;
        }
        if (!LaunchSettings.isLocal(host)) {
            problems.add(server.label + " at " + host + ":" + port + " is not reachable (not local, so ./seckill leaves it alone)");
            return;
        }
        if (!ServerStarter.installed(server.pkg)) {
            toInstall.add(server.pkg);
        }
        toStart.add(server);
    }

    private boolean up(Server server) {
        return switch (server) {
            case DB -> probes.dbUp();
            case REDIS -> probes.redisUp();
            case RABBIT -> probes.rabbitUp();
        };
    }

    private BooleanSupplier booted(Server server) {
        return server == Server.RABBIT ? probes::rabbitBooted : () -> up(server);
    }

    private void start(Server server) {
        switch (server) {
            case DB -> starter.startDb();
            case REDIS -> starter.startRedis();
            case RABBIT -> starter.startRabbit();
        }
    }

    private String loginProblem() {
        String out = probes.dbLoginProblem();
        String at = "MariaDB at " + settings.dbHost() + ":" + settings.dbPort();
        if (out == null) {
            return null;
        }
        if (!out.contains("Access denied")) {
            return at + " does not answer: " + out;
        }
        if (LaunchSettings.isLocal(settings.dbHost()) && settings.dbUser().equals("root")) {
            return "MariaDB refuses root over TCP: " + out + "\n       set SECKILL_DB_PASSWORD, or allow the local default (as root):"
                    + " mariadb -e \"ALTER USER root@localhost IDENTIFIED VIA unix_socket OR mysql_native_password USING PASSWORD('')\"";
        }
        return at + " refuses user '" + settings.dbUser() + "': " + out + " (check SECKILL_DB_USER and SECKILL_DB_PASSWORD)";
    }

    /** The integration tests use their own RabbitMQ vhost; it must exist before they run. */
    void ensureTestVhost() {
        String vhost = LaunchSettings.IT_VHOST;
        if (!LaunchSettings.isLocal(settings.rabbitHost()) || !Shell.has("rabbitmqctl")) {
            console.warn("make sure RabbitMQ vhost '" + vhost + "' exists and '" + settings.rabbitUser()
                    + "' may use it (the integration tests need it)");
            return;
        }
        Shell.Result added = Shell.run(Duration.ofSeconds(30), List.of("rabbitmqctl", "-q", "add_vhost", vhost));
        if (!added.ok() && !added.output().contains("already")) {
            console.warn("could not create RabbitMQ vhost '" + vhost + "': " + added.output().strip());
            return;
        }
        if (!Shell.run(Duration.ofSeconds(30), List.of("rabbitmqctl", "-q", "set_permissions", "-p", vhost, settings.rabbitUser(),
                ".*", ".*", ".*")).ok()) {
            console.warn("could not grant '" + settings.rabbitUser() + "' access to RabbitMQ vhost '" + vhost + "'");
        }
    }

    /**
     * SECKILL_DB_NAME, created when missing and left empty: each service makes its own tables when it
     * starts (Flyway, sql/&lt;service&gt;/).
     */
    boolean createDatabase() {
        String database = database();
        if (database == null) {
            return false;
        }
        Shell.Result created = db(List.of("-e", "CREATE DATABASE IF NOT EXISTS `" + database + "` DEFAULT CHARACTER SET utf8mb4"),
                Path.of("/dev/null"));
        if (!created.ok()) {
            console.error("could not create database " + database + ": " + created.output().strip());
            return false;
        }
        return true;
    }

    /** sql/demo-data.sql into SECKILL_DB_NAME, once seckill-service has made its tables (idempotent). */
    boolean loadDemoData() {
        String database = database();
        if (database == null) {
            return false;
        }
        console.info("demo data -> database " + database);
        Shell.Result applied = db(List.of(database), settings.root().resolve(DEMO_DATA));
        if (!applied.ok()) {
            console.error("applying " + DEMO_DATA + " failed: " + applied.output().strip());
            return false;
        }
        return true;
    }

    private String database() {
        String database = settings.get("SECKILL_DB_NAME", "seckill");
        if (!database.matches("[A-Za-z0-9_]+")) {
            console.error("SECKILL_DB_NAME must be letters, digits and _ (got '" + database + "')");
            return null;
        }
        return database;
    }

    private Shell.Result db(List<String> args, Path input) {
        String client = Probes.dbClient();
        if (client == null || !Files.exists(input)) {
            return new Shell.Result(127, client == null ? "no mariadb (or mysql) client" : input + " is missing");
        }
        List<String> command = new ArrayList<>(List.of(client, "--protocol=TCP", "--connect-timeout=5", "-h", settings.dbHost(),
                "-P", String.valueOf(settings.dbPort()), "-u", settings.dbUser()));
        command.addAll(args);
        return Shell.run(Duration.ofMinutes(2), probes.dbPassword(), command, input);
    }
}
