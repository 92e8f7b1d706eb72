package com.seckill.ops.launch;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The commands the launcher runs (the servers' own clients, apt-get, the daemons), each bounded in time.
 * Output goes to a file, not a pipe: a daemon a command starts outlives it and would hold a pipe open.
 * A child gets none of the launcher's descriptors beyond 0-2, so no daemon keeps its lock.
 */
final class Shell {

    /** What a command answered: its exit status (124 when it ran out of time) and its output, both streams. */
    record Result(int exit, String output) {
        boolean ok() {
            return exit == 0;
        }
    }

    private Shell() {
    }

    static Result run(Duration limit, List<String> command) {
        return run(limit, Map.of(), command);
    }

    static Result run(Duration limit, Map<String, String> env, List<String> command) {
        return run(limit, env, command, Path.of("/dev/null"));
    }

    /** The command with {@code input} as its standard input. */
    static Result run(Duration limit, Map<String, String> env, List<String> command, Path input) {
        Path output = null;
        try {
            output = Files.createTempFile("seckill-launch", ".out");
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).redirectInput(input.toFile());
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return new Result(124, text(output));
            }
            return new Result(process.exitValue(), text(output));
        } catch (IOException e) {
            return new Result(127, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(130, "interrupted");
        } finally {
            deleteQuietly(output);
        }
    }

    /** A command whose progress the user watches (apt-get): its output goes to the launcher's. */
    static boolean runVisibly(Map<String, String> env, List<String> command) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
            builder.environment().putAll(env);
            return builder.start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The command's path on PATH (which ./seckill extends with the sbin directories), if it is there. */
    static boolean has(String command) {
        if (command.startsWith("/")) {
            return Files.isExecutable(Path.of(command));
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** Something accepts connections there. */
    static boolean tcpOpen(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host.replace("[", "").replace("]", ""), port), 3000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Polls every {@code every} until the condition holds or {@code limit} has passed; whether it held. */
    static boolean waitUntil(Duration limit, Duration every, BooleanSupplier condition) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            if (condition.getAsBoolean()) {
                return true;
            }
            if (System.nanoTime() >= deadline) {
                return false;
            }
            try {
                Thread.sleep(every.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** Whatever the command wrote, in whatever encoding (a localised client's message is no reason to fail). */
    private static String text(Path output) throws IOException {
        return new String(Files.readAllBytes(output), StandardCharsets.UTF_8);
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
