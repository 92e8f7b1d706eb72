package com.seckill.ops.launch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * MariaDB, Redis and RabbitMQ made reachable: a local one that does not answer is installed (as root, on
 * Debian/Ubuntu) and started, then waited for; a remote one is only reported. The integration tests'
 * vhost is made here too; the database and the demo data are {@link Database}'s.
 */
final class Infrastructure {

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
        switch (next(up(server), LaunchSettings.isLocal(host), ServerStarter.installed(server.pkg))) {
            case NOTHING -> { }
            case REPORT -> problems.add(server.label + " at " + host + ":" + port
                    + " is not reachable (not local, so ./seckill leaves it alone)");
            case INSTALL_AND_START -> {
                toInstall.add(server.pkg);
                toStart.add(server);
            }
            case START -> toStart.add(server);
        }
    }

    /** What the launcher does about one server: only a local one is ever installed or started. */
    enum Step { NOTHING, REPORT, INSTALL_AND_START, START }

    static Step next(boolean up, boolean local, boolean installed) {
        if (up) {
            return Step.NOTHING;
        }
        if (!local) {
            return Step.REPORT;
        }
        return installed ? Step.START : Step.INSTALL_AND_START;
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
        return loginProblem(probes.dbLoginProblem(), settings);
    }

    /** What to tell about the database login, from the client's answer (null: it logged in). */
    static String loginProblem(String answer, LaunchSettings settings) {
        String at = "MariaDB at " + settings.dbHost() + ":" + settings.dbPort();
        if (answer == null) {
            return null;
        }
        if (!answer.contains("Access denied")) {
            return at + " does not answer: " + answer;
        }
        if (LaunchSettings.isLocal(settings.dbHost()) && settings.dbUser().equals("root")) {
            return "MariaDB refuses root over TCP: " + answer + "\n       set SECKILL_DB_PASSWORD, or allow the local default (as root):"
                    + " mariadb -e \"ALTER USER root@localhost IDENTIFIED VIA unix_socket OR mysql_native_password USING PASSWORD('')\"";
        }
        return at + " refuses user '" + settings.dbUser() + "': " + answer + " (check SECKILL_DB_USER and SECKILL_DB_PASSWORD)";
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
}
