package com.seckill.ops.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code ./seckill} asks of Java once Java and Maven are there and the jars built
 * ({@code java -jar .run/ops.jar launch COMMAND}): exit status 0 when the command did what it says.
 */
public final class Launch {

    /** The services' JVM options unless SECKILL_JAVA_OPTS says otherwise: small heaps, four services on a small machine. */
    public static final String SERVICE_JAVA_OPTS = "-Xms64m -Xmx256m -XX:MaxMetaspaceSize=192m -XX:ReservedCodeCacheSize=64m"
            + " -XX:+UseSerialGC -Xss512k -XX:+ExitOnOutOfMemoryError -Djava.security.egd=file:/dev/./urandom";

    private static final int LOGS_TAIL = 20;

    private final LaunchSettings settings;
    private final Console console;
    private final ServiceProcesses processes;

    private Launch(Map<String, String> env) {
        this.settings = new LaunchSettings(env);
        this.console = Console.of(settings);
        this.processes = new ServiceProcesses(settings, console);
    }

    public static int run(Map<String, String> env, List<String> args) {
        Launch launch = new Launch(env);
        List<String> rest = args.isEmpty() ? List.of() : args.subList(1, args.size());
        try {
            launch.settings.validate();
            return switch (args.isEmpty() ? "" : args.get(0)) {
                case "infra" -> launch.infra(rest.contains("--test-vhost"));
                case "prepare" -> launch.prepare(count(rest));
                case "up" -> launch.up(count(rest));
                case "stop" -> launch.stop(rest);
                case "running" -> launch.running();
                case "status" -> launch.status();
                case "logs" -> launch.logs(rest.isEmpty() ? LOGS_TAIL : Integer.parseInt(rest.get(0)));
                case "log" -> launch.log(rest.isEmpty() ? "" : rest.get(0));
                case "build-reason" -> new ServiceJars(launch.settings.root()).printReason(rest.contains("--build"));
                case "built" -> new ServiceJars(launch.settings.root()).markCurrent();
                case "tools" -> SuiteTools.onThisMachine(System.getenv()).ensure(rest.isEmpty() ? "test" : rest.get(0),
                        new ServerStarter(launch.settings, launch.console), launch.console);
                case "chaos-options" -> {
                    System.out.println(ChaosOptions.parse(rest).line());
                    yield 0;
                }
                default -> {
                    launch.console.error("usage: ops launch infra [--test-vhost] | prepare N | up N | stop [instance..] | running | status"
                            + " | logs [LINES] | log INSTANCE | build-reason [--build] | built"
                            + " | tools test|chaos | chaos-options [ARGS]");
                    yield 2;
                }
            };
        } catch (IllegalArgumentException e) {
            launch.console.error(e.getMessage());
            return 2;
        } catch (IOException | UncheckedIOException e) {
            launch.console.error("could not " + String.join(" ", args) + ": " + e.getMessage()
                    + " (is .run/ writable by this user? a ./seckill run as root leaves root's files there)");
            return 1;
        }
    }

    private static int count(List<String> args) {
        String count = args.isEmpty() ? "1" : args.get(0);
        if (!count.matches("[1-9][0-9]?")) {
            throw new IllegalArgumentException("the number of instances is a number from 1 to 99 (got '" + count + "')");
        }
        return Integer.parseInt(count);
    }

    /** MariaDB, Redis and RabbitMQ reachable (started or installed when local), and the integration tests' vhost when asked. */
    private int infra(boolean testVhost) {
        Infrastructure infrastructure = new Infrastructure(settings, console);
        if (!infrastructure.ensure()) {
            return 1;
        }
        if (testVhost) {
            infrastructure.ensureTestVhost();
        }
        return 0;
    }

    /**
     * What {@code up} needs before it may stop anything to rebuild: the infrastructure reachable (with the
     * integration tests' vhost) and the services able to find each other.
     */
    private int prepare(int count) {
        Infrastructure infrastructure = new Infrastructure(settings, console);
        if (!infrastructure.ensure()) {
            return 1;
        }
        infrastructure.ensureTestVhost();
        return new Startup(settings, console, processes).discovery(count) == null ? 1 : 0;
    }

    /**
     * The database, then {@code count} instances of each scaled service and the gateway, routed (each service
     * makes its own tables as it starts), then the demo data.
     */
    private int up(int count) throws IOException {
        Database database = new Database(settings, console);
        Startup startup = new Startup(settings, console, processes);
        if (!database.create() || !startup.up(count) || !database.loadDemoData() || !startup.waitSellable(Database.DEMO_ACTIVITY)) {
            return 1;
        }
        console.line("");
        console.line(console.green(console.bold("Seckill is up.")));
        console.line("""
                  gateway         http://127.0.0.1:8080/
                  health          http://127.0.0.1:8080/actuator/health
                  demo activity   http://127.0.0.1:8080/api/activities/1
                  logs, pids      .run/logs/<service>.log, .run/<service>.pid

                Next: ./seckill status | ./seckill logs gateway | ./seckill test | ./seckill down""");
        return 0;
    }

    /** Every instance this launcher knows of, or those named; the infrastructure keeps running. */
    private int stop(List<String> names) throws IOException {
        List<Instance> instances = new ArrayList<>();
        for (String name : names) {
            instances.add(Instance.named(name));
        }
        console.info("stopping services (infrastructure keeps running)");
        processes.stop(instances.isEmpty() ? Instance.known(settings.runDir()) : instances);
        return 0;
    }

    private int running() {
        processes.running().forEach(instance -> console.line(instance.name()));
        return 0;
    }

    private int status() {
        new Status(settings, console, processes).print();
        return 0;
    }

    /** The last {@code lines} of every instance's log. */
    private int logs(int lines) {
        for (Instance instance : Instance.known(settings.runDir())) {
            Path log = processes.logFile(instance);
            console.line(console.bold("===== " + instance.name() + " (" + settings.root().relativize(log) + ") ====="));
            console.line(ServiceProcesses.tail(log, lines).orElse("(no log yet)"));
        }
        console.line("");
        console.line("Follow one: ./seckill logs gateway|seckill|order|payment (another instance: seckill-2, order-3, ...)");
        return 0;
    }

    /** The log file of the instance named, for {@code tail -f}. */
    private int log(String name) {
        Instance instance = Instance.named(name);
        Path log = processes.logFile(instance);
        if (!Files.exists(log)) {
            console.error("no log yet for " + instance.name() + " (" + log + "); ./seckill up starts it");
            return 1;
        }
        console.line(log.toString());
        return 0;
    }

    static String elapsed(Duration duration) {
        long seconds = duration.toSeconds();
        return String.format("%dm%02ds", seconds / 60, seconds % 60);
    }
}
