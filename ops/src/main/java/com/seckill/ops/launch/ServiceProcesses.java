package com.seckill.ops.launch;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The services as processes of this checkout: each started detached (its own session, so a Ctrl-C on the
 * launcher does not reach it) with its pid in {@code .run/<instance>.pid} and its output in
 * {@code .run/logs/<instance>.log}; stopped with SIGTERM, then SIGKILL after a grace period.
 */
final class ServiceProcesses {

    private static final Duration STOP_GRACE = Duration.ofSeconds(20);
    /** A process recording an AOT cache writes it as it exits (a child JVM assembles it): that takes a while. */
    private static final Duration AOT_STOP_GRACE = Duration.ofMinutes(4);
    /** Enough for a stack trace's longest lines. */
    private static final int TAIL_BYTES_PER_LINE = 2048;

    private final LaunchSettings settings;
    private final Console console;
    private final ServiceRuntime runtime;

    ServiceProcesses(LaunchSettings settings, Console console) {
        this.settings = settings;
        this.console = console;
        this.runtime = new ServiceRuntime(settings);
    }

    ServiceRuntime runtime() {
        return runtime;
    }

    Path pidFile(Instance instance) {
        return settings.runDir().resolve(instance.name() + ".pid");
    }

    Path logFile(Instance instance) {
        return settings.logDir().resolve(instance.name() + ".log");
    }

    /** The live process the pid file names, when it is a java running this checkout's jar (a recycled pid does not count). */
    Optional<ProcessHandle> process(Instance instance) {
        try {
            String pid = Files.readString(pidFile(instance)).strip();
            String jar = instance.jar(settings.root()).toString();
            String extracted = settings.runDir().resolve("app").resolve(instance.module()) + "/";
            return ProcessHandle.of(Long.parseLong(pid)).filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().commandLine().filter(line -> line.contains("java")
                            && (line.contains(jar) || line.contains(extracted))).isPresent());
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    List<Instance> running() {
        return Instance.known(settings.runDir()).stream().filter(i -> process(i).isPresent()).toList();
    }

    /** Starts the instance on its port with the launcher's environment plus {@code env}; false when it could not. */
    boolean start(Instance instance, Map<String, String> env) throws IOException {
        Path jar = instance.jar(settings.root());
        if (!Files.exists(jar)) {
            console.error(jar + " is missing (./seckill up --build builds it)");
            return false;
        }
        Path log = logFile(instance);
        Path pid = pidFile(instance);
        Files.createDirectories(settings.logDir().resolve("nacos"));
        if (Files.exists(log)) {
            Files.move(log, log.resolveSibling(log.getFileName() + ".1"), StandardCopyOption.REPLACE_EXISTING);
        }
        Files.deleteIfExists(pid);
        // the inner sh writes the pid of the java it becomes (setsid may fork); setsid gives it a session of its own
        List<String> command = new ArrayList<>(Shell.has("setsid") ? List.of("setsid") : List.of());
        command.addAll(List.of("nohup", "sh", "-c", "echo $$ >\"$0\"; exec \"$@\"", pid.toString()));
        List<String> options = new ArrayList<>(List.of("-DJM.LOG.PATH=" + settings.logDir().resolve("nacos")));
        options.addAll(settings.javaOpts());
        // the first instance of a service records the AOT cache of its jar when there is none yet (one writer)
        command.addAll(runtime.command(instance.module(), jar, options, instance.number() == 1));
        ProcessBuilder builder = new ProcessBuilder(command).directory(settings.root().toFile())
                .redirectInput(Path.of("/dev/null").toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        builder.environment().put("SERVER_PORT", String.valueOf(instance.port()));
        builder.start();
        runtime.noteJava();
        if (!Shell.waitUntil(Duration.ofSeconds(5), Duration.ofMillis(100), () -> size(pid) > 0)) {
            console.error("could not start " + instance.name() + " (see " + settings.root().relativize(log) + ")");
            return false;
        }
        console.line(String.format("  started %-16s pid %s, log %s", instance.name(), Files.readString(pid).strip(),
                settings.root().relativize(log)));
        return true;
    }

    /** SIGTERM to each, SIGKILL to what is left after the grace period; their pid files go. */
    void stop(List<Instance> instances) throws IOException {
        List<Instance> stopping = new ArrayList<>();
        List<ProcessHandle> processes = new ArrayList<>();
        for (Instance instance : instances) {
            Optional<ProcessHandle> process = process(instance);
            if (process.isPresent()) {
                process.get().destroy();
                stopping.add(instance);
                processes.add(process.get());
            } else {
                console.line(String.format("  %-16s not running", instance.name()));
                Files.deleteIfExists(pidFile(instance));
            }
        }
        long deadline = System.nanoTime() + (ServiceRuntime.recording(processes) ? AOT_STOP_GRACE : STOP_GRACE).toNanos();
        for (int i = 0; i < stopping.size(); i++) {
            ProcessHandle process = processes.get(i);
            Instance instance = stopping.get(i);
            Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
            // gone, or a zombie its parent has not reaped yet (no command line left): stopped either way
            if (Shell.waitUntil(left, Duration.ofMillis(250), () -> process(instance).isEmpty())) {
                console.line(String.format("  %-16s stopped (pid %d)", stopping.get(i).name(), process.pid()));
            } else {
                process.destroyForcibly();
                console.line(String.format("  %-16s killed (pid %d did not stop within %ds)", stopping.get(i).name(), process.pid(),
                        STOP_GRACE.toSeconds()));
            }
            Files.deleteIfExists(pidFile(stopping.get(i)));
        }
    }

    static boolean healthy(Instance instance) {
        return ServiceHttp.status(instance.healthUrl()) == 200;
    }

    /** The last lines of the instance's log, framed, to the error stream. */
    void showLogTail(Instance instance, int lines) {
        Path log = logFile(instance);
        String shown = settings.root().relativize(log).toString();
        console.errors().println(console.bold("----- last " + lines + " lines of " + shown + " -----"));
        console.errors().println(tail(log, lines).orElse("(no log)"));
        console.errors().println(console.bold("----- end of " + instance.name() + " -----"));
    }

    /** The last lines of a log, read from its end (a service's log grows for as long as it runs). */
    static Optional<String> tail(Path log, int lines) {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long from = Math.max(0, file.length() - (long) lines * TAIL_BYTES_PER_LINE);
            byte[] end = new byte[(int) (file.length() - from)];
            file.seek(from);
            file.readFully(end);
            List<String> all = new String(end, StandardCharsets.UTF_8).lines().toList();
            return Optional.of(String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size())));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }
}
