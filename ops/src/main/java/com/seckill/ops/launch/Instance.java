package com.seckill.ops.launch;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One running copy of a service: the module's first instance is named after it, the next ones
 * {@code module-N} (N = 2, 3, ...). Instance N listens on the module's port + 10*(N-1); {@code ./seckill up
 * --instances N} runs N of seckill-, order- and payment-service and one gateway.
 */
record Instance(String module, int number) {

    /** Start order; the services do not depend on each other at start-up, so they boot in parallel. */
    static final List<String> MODULES = List.of("seckill-service", "order-service", "payment-service", "gateway-service");
    static final List<String> SCALED = MODULES.subList(0, 3);
    private static final Map<String, Integer> PORTS = Map.of("gateway-service", 8080, "seckill-service", 8081,
            "order-service", 8082, "payment-service", 8083);
    private static final Pattern NUMBERED = Pattern.compile("(.*)-([0-9]+)");

    String name() {
        return number == 1 ? module : module + "-" + number;
    }

    int port() {
        return PORTS.get(module) + 10 * (number - 1);
    }

    Path jar(Path root) {
        return root.resolve(module).resolve("target").resolve(module + ".jar");
    }

    String healthUrl() {
        return "http://127.0.0.1:" + port() + "/actuator/health";
    }

    /**
     * The instance a user names: gateway, seckill, order, payment (or the module name), with -N for a further
     * instance of a scaled service.
     */
    static Instance named(String name) {
        String base = name;
        int number = 1;
        Matcher numbered = NUMBERED.matcher(name);
        if (numbered.matches()) {
            base = numbered.group(1);
            number = Integer.parseInt(numbered.group(2));
        }
        String module = base.endsWith("-service") ? base : base + "-service";
        if (!PORTS.containsKey(module) || number < 1 || (number > 1 && !SCALED.contains(module))) {
            throw new IllegalArgumentException("unknown service '" + name + "' (gateway, seckill, order, payment, seckill-2, ...)");
        }
        return new Instance(module, number);
    }

    /** Every instance of a system with {@code count} instances of each scaled service, the gateway last. */
    static List<Instance> forCount(int count) {
        List<Instance> all = new ArrayList<>();
        for (String module : SCALED) {
            for (int n = 1; n <= count; n++) {
                all.add(new Instance(module, n));
            }
        }
        all.add(new Instance("gateway-service", 1));
        return all;
    }

    /** The instances this launcher knows of: the four modules, and every further instance with a pid file. */
    static List<Instance> known(Path runDir) {
        List<Instance> known = new ArrayList<>();
        MODULES.forEach(module -> known.add(new Instance(module, 1)));
        if (!Files.isDirectory(runDir)) {
            return known;
        }
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(runDir, "*-[0-9]*.pid")) {
            for (Path pid : pids) {
                String name = pid.getFileName().toString().replaceFirst("\\.pid$", "");
                if (NUMBERED.matcher(name).matches()) {
                    try {
                        known.add(named(name));
                    } catch (IllegalArgumentException e) {
                        // not one of ours
                    }
                }
            }
        } catch (IOException e) {
            return known;
        }
        known.sort((a, b) -> a.module.equals(b.module) ? Integer.compare(a.number, b.number)
                : Integer.compare(MODULES.indexOf(a.module), MODULES.indexOf(b.module)));
        return known;
    }

    /** Static discovery of several instances: every service is told where all of them are (SPRING_APPLICATION_JSON). */
    static String staticDiscoveryJson(int count) {
        List<String> services = new ArrayList<>();
        for (String module : SCALED) {
            List<String> uris = new ArrayList<>();
            for (int n = 1; n <= count; n++) {
                uris.add("{\"uri\":\"http://127.0.0.1:" + new Instance(module, n).port() + "\"}");
            }
            services.add("\"" + module + "\":[" + String.join(",", uris) + "]");
        }
        return "{\"spring.cloud.discovery.client.simple.instances\":{" + String.join(",", services) + "}}";
    }
}
