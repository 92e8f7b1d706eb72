package com.seckill.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The project's own launcher and other commands, run from a test the way a user runs them: the
 * system in another shape is brought up with {@code ./seckill up} and the environment that selects
 * the shape, and taken down with {@code ./seckill down}. Every command is bounded in time.
 */
final class Launcher {

    static final Path ROOT = locateRoot();
    private static final Duration UP = Duration.ofMinutes(5);

    private Launcher() {
    }

    /** ./seckill up under the test's lock (the ./seckill test that runs it holds the launcher's lock). */
    static void up(Map<String, String> env, String... args) throws Exception {
        Map<String, String> all = new HashMap<>(env);
        all.put("SECKILL_LOCK_HELD", "1");
        all.put("SECKILL_UP_OWN_ONLY", "1");
        Faults.suiteSystem().forEach(all::putIfAbsent);
        String[] command = new String[args.length + 2];
        command[0] = ROOT.resolve("seckill").toString();
        command[1] = "up";
        System.arraycopy(args, 0, command, 2, args.length);
        run(UP, all, command);
    }

    static void down(Map<String, String> env) throws Exception {
        Map<String, String> all = new HashMap<>(env);
        all.put("SECKILL_LOCK_HELD", "1");
        run(Duration.ofMinutes(2), all, ROOT.resolve("seckill").toString(), "down");
    }

    /** What a command answered: its exit status and its output (stdout and stderr together). */
    record Outcome(int exit, String output) {
    }

    /** Runs a command to its end; its output in the exception if it fails. */
    static String run(Duration limit, Map<String, String> env, String... command) throws Exception {
        Outcome outcome = exec(limit, env, command);
        if (outcome.exit() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed (" + outcome.exit() + "):\n" + outcome.output());
        }
        return outcome.output();
    }

    /** Runs a command to its end, whatever its exit status; fails only if it outlives {@code limit}. */
    static Outcome exec(Duration limit, Map<String, String> env, String... command) throws Exception {
        // output to a file, not a pipe: daemons the command starts outlive it and would hold a pipe open
        Path output = Files.createTempFile("seckill-command", ".log");
        try {
            ProcessBuilder builder = new ProcessBuilder(List.of(command)).directory(ROOT.toFile())
                    .redirectErrorStream(true).redirectOutput(output.toFile());
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish within " + limit + ":\n"
                        + Files.readString(output));
            }
            return new Outcome(process.exitValue(), Files.readString(output));
        } finally {
            Files.deleteIfExists(output);
        }
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
