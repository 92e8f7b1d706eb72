package com.seckill.loadtest.capacity;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * CPU time of the processes a sale runs on, from {@code /proc}: the services the launcher started
 * (their pid files under {@code .run/}), Redis, MySQL (MariaDB), RabbitMQ and the JMeter that makes
 * the load; processes of one kind are added up (a Redis Cluster is several redis-server).
 */
final class Processes {

    /** Clock ticks per second of /proc's figures (USER_HZ, 100 on Linux). */
    private static final double TICKS = 100.0;
    private static final Map<String, String> KINDS = Map.of("redis-server", "redis", "mariadbd", "mysql", "mysqld", "mysql",
            "beam.smp", "rabbitmq");

    private final Path root;
    private final Path proc;

    Processes(Path root, Path proc) {
        this.root = root;
        this.proc = proc;
    }

    /** CPU seconds (user + system) used so far, by process name. */
    Map<String, Double> cpuSeconds() {
        Map<String, Double> used = new TreeMap<>();
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(root.resolve(".run"), "*.pid")) {
            for (Path file : pids) {
                String name = file.getFileName().toString().replace(".pid", "");
                add(used, name, Files.readString(file).strip());
            }
        } catch (IOException | RuntimeException e) {
            // no services started by the launcher: only the infrastructure is measured
        }
        try (DirectoryStream<Path> all = Files.newDirectoryStream(proc, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : all) {
                String kind = kind(dir);
                if (kind != null) {
                    add(used, kind, dir.getFileName().toString());
                }
            }
        } catch (IOException e) {
            // no /proc: not Linux, no process figures
        }
        return used;
    }

    private String kind(Path dir) {
        try {
            String comm = Files.readString(dir.resolve("comm")).strip();
            if (KINDS.containsKey(comm)) {
                return KINDS.get(comm);
            }
            if (comm.equals("java") && Files.readString(dir.resolve("cmdline")).contains("ApacheJMeter")) {
                return "jmeter";
            }
        } catch (IOException e) {
            // the process ended while we looked
        }
        return null;
    }

    private void add(Map<String, Double> used, String name, String pid) {
        double seconds = processSeconds(pid);
        if (!Double.isNaN(seconds)) {
            used.merge(name, seconds, Double::sum);
        }
    }

    private double processSeconds(String pid) {
        try {
            String stat = Files.readString(proc.resolve(pid).resolve("stat"));
            // fields after the command (which may hold spaces) in parentheses: state is the 3rd, utime the 14th
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** CPU seconds the whole machine was busy (all cores): everything but idle and I/O wait. */
    double machineSeconds() {
        try {
            String[] cpu = Files.readAllLines(proc.resolve("stat")).get(0).trim().split("\\s+");
            long busy = 0;
            for (int i = 1; i < cpu.length && i <= 8; i++) {
                if (i != 4 && i != 5) {
                    busy += Long.parseLong(cpu[i]);
                }
            }
            return busy / TICKS;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
