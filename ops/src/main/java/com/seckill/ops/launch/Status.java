package com.seckill.ops.launch;

import java.util.List;
import java.util.Optional;

/** {@code ./seckill status}: each service instance (ours, another's, or stopped) and each infrastructure server. */
final class Status {

    private final LaunchSettings settings;
    private final Console console;
    private final ServiceProcesses processes;

    Status(LaunchSettings settings, Console console, ServiceProcesses processes) {
        this.settings = settings;
        this.console = console;
        this.processes = processes;
    }

    void print() {
        console.line(console.bold(String.format("%-18s %-8s %-8s %s", "SERVICE", "STATE", "PID", "HEALTH")));
        for (Instance instance : Instance.known(settings.runDir())) {
            int code = ServiceHttp.status(instance.healthUrl());
            Optional<ProcessHandle> process = processes.process(instance);
            if (process.isPresent()) {
                row(instance.name(), "running", String.valueOf(process.get().pid()), code == 200 ? "UP (200)" : "not healthy (" + code + ")");
            } else if (code == 200) {
                row(instance.name(), "external", "-", "UP (200), not started by ./seckill");
            } else {
                row(instance.name(), "stopped", "-", "-");
            }
        }
        console.line("");
        console.line(console.bold(String.format("%-16s %-22s %s", "INFRA", "ADDRESS", "STATE")));
        Probes probes = new Probes(settings);
        String db = "unreachable";
        if (probes.dbUp()) {
            db = probes.dbLoginProblem() == null ? "reachable" : "reachable, login as '" + settings.dbUser() + "' FAILED";
        }
        infra("MariaDB", settings.dbHost() + ":" + settings.dbPort(), db);
        if (settings.redisClusterNodes().isEmpty()) {
            infra("Redis", settings.redisHost() + ":" + settings.redisPort(), reachable(probes.redisUp()));
        } else {
            List<String> down = probes.clusterNodesDown();
            infra("Redis", "cluster", down.isEmpty() ? String.join(",", settings.redisClusterNodes()) + " reachable"
                    : "not answering: " + String.join(" ", down));
        }
        infra("RabbitMQ", settings.rabbitHost() + ":" + settings.rabbitPort(), reachable(probes.rabbitUp()));
    }

    private void row(String name, String state, String pid, String health) {
        console.line(String.format("%-18s %-8s %-8s %s", name, state, pid, health));
    }

    private void infra(String name, String address, String state) {
        console.line(String.format("%-16s %-22s %s", name, address, state));
    }

    private static String reachable(boolean up) {
        return up ? "reachable" : "unreachable";
    }
}
