package com.seckill.ops.launch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Brings every instance of a system up: starts those not running, waits until each reports healthy,
 * then until the gateway routes to each service, so the first request after {@code up} is served.
 */
final class Startup {

    private static final int LOG_TAIL = 60;
    private static final Duration ROUTED = Duration.ofSeconds(30);
    /** Longer than a rebuild waits for purchases in flight (the Redis timeout plus the publish timeout) and a warm-up round. */
    private static final Duration SELLABLE = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LaunchSettings settings;
    private final Console console;
    private final ServiceProcesses processes;

    Startup(LaunchSettings settings, Console console, ServiceProcesses processes) {
        this.settings = settings;
        this.console = console;
        this.processes = processes;
    }

    boolean up(int count) throws IOException {
        Map<String, String> env = discovery(count);
        if (env == null) {
            return false;
        }
        console.info("starting services (" + count + " instance(s) of " + String.join(" ", Instance.SCALED)
                + ", one gateway; discovery: " + settings.discovery() + ")");
        List<Instance> toWait = new ArrayList<>();
        for (Instance instance : Instance.forCount(count)) {
            var process = processes.process(instance);
            if (process.isPresent()) {
                console.line(String.format("  %-16s already running, pid %d", instance.name(), process.get().pid()));
            } else if (Shell.tcpOpen("127.0.0.1", instance.port())) {
                if (settings.ownServicesOnly() || !ServiceProcesses.healthy(instance)) {
                    console.error("port " + instance.port() + " (" + instance.name() + ") is taken by another process;"
                            + " stop it and run ./seckill up again");
                    return false;
                }
                console.warn("port " + instance.port() + " already serves a healthy service not started by ./seckill; using it as "
                        + instance.name());
                continue;
            } else if (!processes.start(instance, env)) {
                return false;
            }
            toWait.add(instance);
        }
        return waitHealthy(toWait) && waitRouted();
    }

    /**
     * Waits until seckill-service sells {@code activityId} from Redis ({@code /actuator/info}: {@code sellable}), so
     * that the first purchase after {@code up} is taken, not told the sale is being prepared: an activity that
     * is already on when it is loaded is built from MySQL only once no purchase of it can be in flight.
     */
    boolean waitSellable(long activityId) {
        String info = "http://127.0.0.1:" + new Instance("seckill-service", 1).port() + "/actuator/info";
        long start = System.nanoTime();
        boolean sellable = Shell.waitUntil(SELLABLE, Duration.ofMillis(500), () -> ServiceHttp.body(info)
                .map(body -> sellable(body, activityId)).orElse(false));
        if (sellable) {
            console.ok("demo activity " + activityId + " on sale after " + Launch.elapsed(Duration.ofNanos(System.nanoTime() - start)));
        } else {
            console.error("seckill-service does not sell the demo activity " + activityId + " after " + SELLABLE.toSeconds()
                    + "s (" + info + " lists it as not sellable); ./seckill logs seckill");
        }
        return sellable;
    }

    static boolean sellable(String info, long activityId) {
        try {
            for (JsonNode sale : JSON.readTree(info).path("sales")) {
                if (sale.path("activityId").asLong() == activityId) {
                    return sale.path("sellable").asBoolean();
                }
            }
            return false;
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    /** What the services need to find each other; null (after saying why) when they cannot. */
    Map<String, String> discovery(int count) {
        Map<String, String> env = new HashMap<>(Map.of("SECKILL_DISCOVERY", settings.discovery()));
        switch (settings.discovery()) {
            case "static" -> {
                if (count > 1) {
                    env.put("SPRING_APPLICATION_JSON", Instance.staticDiscoveryJson(count));
                }
            }
            case "nacos" -> {
                env.put("SECKILL_NACOS_ADDR", settings.nacosAddress());
                env.put("SPRING_PROFILES_ACTIVE", settings.get("SPRING_PROFILES_ACTIVE", "nacos"));
                String probe = "http://" + settings.nacosAddress() + "/nacos/v1/ns/instance/list?serviceName=seckill-probe";
                if (ServiceHttp.status(probe) != 200) {
                    console.error("Nacos does not answer at " + settings.nacosAddress() + " (SECKILL_NACOS_ADDR): start it first, as the"
                            + " server alone (JAVA_TOOL_OPTIONS=-Dnacos.deployment.type=server ../shared/nacos/nacos.sh start;"
                            + " docs/operations.md)");
                    return null;
                }
            }
            default -> {
                console.error("SECKILL_DISCOVERY is static or nacos (got '" + settings.discovery() + "')");
                return null;
            }
        }
        return env;
    }

    /** Every health endpoint answers 200; otherwise the log of each that died or did not make it in time. */
    private boolean waitHealthy(List<Instance> instances) {
        Duration limit = settings.upWait();
        console.info("waiting for " + instances.size() + " service(s) to report healthy (at most " + limit.toSeconds() + "s)");
        long start = System.nanoTime();
        List<Instance> pending = new ArrayList<>(instances);
        List<Instance> failed = new ArrayList<>();
        Shell.waitUntil(limit, Duration.ofSeconds(2), () -> {
            for (Instance instance : List.copyOf(pending)) {
                if (ServiceProcesses.healthy(instance)) {
                    console.ok(instance.name() + " healthy after " + Launch.elapsed(Duration.ofNanos(System.nanoTime() - start)));
                    pending.remove(instance);
                } else if (processes.pidFile(instance).toFile().exists() && processes.process(instance).isEmpty()) {
                    console.error(instance.name() + " exited during start-up");
                    pending.remove(instance);
                    failed.add(instance);
                }
            }
            return pending.isEmpty();
        });
        for (Instance instance : pending) {
            console.error(instance.name() + " is not healthy after " + limit.toSeconds() + "s (" + instance.healthUrl() + ")");
        }
        failed.addAll(pending);
        if (failed.isEmpty()) {
            return true;
        }
        failed.forEach(instance -> processes.showLogTail(instance, LOG_TAIL));
        console.error("not healthy: " + String.join(" ", failed.stream().map(Instance::name).toList())
                + " (the others keep running; ./seckill down stops them)");
        return false;
    }

    /**
     * The gateway checks every instance every 2 s and routes only to those it found ready, so a service that
     * just became healthy is not yet in its rotation: wait until it routes to each (its OpenAPI document, which
     * acts for nobody).
     */
    private boolean waitRouted() {
        int gateway = new Instance("gateway-service", 1).port();
        List<String> pending = new ArrayList<>(Instance.SCALED);
        boolean routed = Shell.waitUntil(ROUTED, Duration.ofSeconds(1), () -> {
            pending.removeIf(module -> ServiceHttp.status("http://127.0.0.1:" + gateway + "/v3/api-docs/" + module) == 200);
            return pending.isEmpty();
        });
        if (!routed) {
            console.error("the gateway does not route to " + String.join(" ", pending) + " after " + ROUTED.toSeconds()
                    + "s although it reports healthy");
        }
        return routed;
    }
}
