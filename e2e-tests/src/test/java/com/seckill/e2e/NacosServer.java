package com.seckill.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * A real Nacos 3.0.3 server for the tests, from the script kept beside the project
 * ({@code ../shared/nacos/nacos.sh}, or {@code SECKILL_NACOS_SH}): built once from its release
 * source, started standalone on 8848, stopped at the end if this test started it.
 */
final class NacosServer implements AutoCloseable {

    static final String ADDRESS = "127.0.0.1:8848";
    private final Path script = locate();
    private final boolean startedHere;

    NacosServer() throws Exception {
        boolean serving = serving();
        if (!serving) {
            // The first start builds the server from source: minutes, once per machine. Server only: the
            // script gives the console the server's port (server.port), and a console that cannot bind
            // takes the naming module down with it (instances register, then are not kept).
            Launcher.run(Duration.ofMinutes(15), Map.of("JAVA_TOOL_OPTIONS", "-Dnacos.deployment.type=server"),
                    script.toString(), "start");
        }
        this.startedHere = !serving;
    }

    private boolean serving() {
        try {
            Launcher.run(Duration.ofSeconds(10), Map.of(), script.toString(), "status");
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** The instances Nacos holds for a service, as its v3 admin API lists them (JSON). */
    String instances(String service) throws Exception {
        return Launcher.run(Duration.ofSeconds(10), Map.of(), "curl", "-fsS",
                "http://" + ADDRESS + "/nacos/v3/admin/ns/instance/list?serviceName=" + service);
    }

    private static Path locate() {
        String configured = System.getenv("SECKILL_NACOS_SH");
        Path script = configured != null && !configured.isBlank() ? Path.of(configured)
                : Launcher.ROOT.resolve("../shared/nacos/nacos.sh").normalize();
        if (!Files.isExecutable(script)) {
            throw new IllegalStateException("Nacos script not found at " + script + " (set SECKILL_NACOS_SH)");
        }
        return script;
    }

    @Override
    public void close() throws Exception {
        if (startedHere) {
            Launcher.run(Duration.ofMinutes(2), Map.of(), script.toString(), "stop");
        }
    }
}
