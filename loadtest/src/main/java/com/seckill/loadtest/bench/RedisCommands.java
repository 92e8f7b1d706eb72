package com.seckill.loadtest.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The commands clients send to Redis while it runs, as {@code MONITOR} sees them: the calls a client makes, not the
 * commands a script runs inside Redis. Each is counted under its name and what it works on: a script by its file
 * name (its SHA-1 matched against the checkout's {@code lua/*.lua}), another command by its first key with the
 * numbers and ids in it written N ({@code SET seckill:{N}:path:N}). A pipeline's commands count one each.
 */
final class RedisCommands implements AutoCloseable {

    /** A MONITOR line: time, [database and client], the command; a script's own commands have "lua" for a client. */
    private static final Pattern LINE = Pattern.compile("^\\+[0-9.]+ \\[([^]]*)] (.*)$");
    private static final Pattern QUOTED = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern IDS = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9]+");

    private final Map<String, String> scripts;
    private final Socket socket;
    private final Thread reader;
    private final Map<String, Long> counts = new HashMap<>();

    private RedisCommands(Map<String, String> scripts, Socket socket) {
        this.scripts = scripts;
        this.socket = socket;
        this.reader = new Thread(this::read, "redis-monitor");
        this.reader.setDaemon(true);
    }

    /** Starts counting what every client sends to the Redis at {@code host:port}. */
    static RedisCommands watch(Path root, String host, int port) throws IOException {
        Socket socket = new Socket(host, port);
        OutputStream out = socket.getOutputStream();
        out.write("MONITOR\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        RedisCommands commands = new RedisCommands(scripts(root), socket);
        commands.reader.start();
        return commands;
    }

    /** What was counted since the last call (and starts a new count). */
    synchronized Map<String, Long> take() {
        Map<String, Long> taken = new TreeMap<>(counts);
        counts.clear();
        return taken;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String name = name(line, scripts);
                if (name != null) {
                    synchronized (this) {
                        counts.merge(name, 1L, Long::sum);
                    }
                }
            }
        } catch (IOException closed) {
            // closed by close(), or Redis went away: the counts so far stand
        }
    }

    /**
     * What one MONITOR line is counted under; null for a line that is not a command (the +OK of MONITOR itself) or
     * is a command a script ran ({@code [0 lua]}).
     */
    static String name(String line, Map<String, String> scripts) {
        Matcher command = LINE.matcher(line);
        if (!command.matches() || command.group(1).endsWith(" lua")) {
            return null; // not a command, or one a script ran inside Redis: no round trip of its own
        }
        Matcher args = QUOTED.matcher(command.group(2));
        if (!args.find()) {
            return null;
        }
        String name = args.group(1).toUpperCase(java.util.Locale.ROOT);
        if (!args.find()) {
            return name;
        }
        String first = args.group(1);
        if (name.equals("EVALSHA")) {
            return name + " " + scripts.getOrDefault(first.toLowerCase(java.util.Locale.ROOT), "(unknown script)");
        }
        if (name.equals("EVAL")) {
            return name + " (script text)";
        }
        return name + " " + IDS.matcher(first).replaceAll("N");
    }

    /** SHA-1 of every Lua script of the checkout's services, to its file name. */
    static Map<String, String> scripts(Path root) throws IOException {
        Map<String, String> scripts = new HashMap<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path lua : modules.map(module -> module.resolve("src/main/resources/lua")).filter(Files::isDirectory).toList()) {
                try (Stream<Path> files = Files.list(lua)) {
                    for (Path file : files.filter(f -> f.toString().endsWith(".lua")).toList()) {
                        scripts.put(sha1(Files.readString(file)), file.getFileName().toString());
                    }
                }
            }
        }
        return scripts;
    }

    private static String sha1(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
