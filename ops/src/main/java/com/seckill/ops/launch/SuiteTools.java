package com.seckill.ops.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What a test run needs on this machine besides the services, installed (as root, apt-get) when missing.
 * The test suites: docker-compose validates docker-compose.yml (no Docker engine needed), redis-server and
 * redis-cli run the topology suite's Redis Cluster, chromium and its driver the pages in a real headless browser,
 * with a Chinese font (the pages speak Chinese too: without one the browser draws boxes). The fault suite besides:
 * ip (iproute2) makes the network namespaces and links its partitions cut, socat relays each connection from a
 * namespace to the real server.
 */
final class SuiteTools {

    private final Map<String, String> env;
    private final Predicate<String> onPath;
    private final Predicate<Path> executable;
    private final boolean chineseFont;

    SuiteTools(Map<String, String> env, Predicate<String> onPath, Predicate<Path> executable, boolean chineseFont) {
        this.env = env;
        this.onPath = onPath;
        this.executable = executable;
        this.chineseFont = chineseFont;
    }

    /** As found on this machine. */
    static SuiteTools onThisMachine(Map<String, String> env) {
        boolean fonts = !Shell.has("fc-list")
                || !Shell.run(Duration.ofSeconds(20), List.of("fc-list", ":lang=zh", "family")).output().isBlank();
        return new SuiteTools(env, Shell::has, Files::isExecutable, fonts);
    }

    /** The Debian packages missing for {@code suite}: "test", or "chaos" (the fault suite). */
    List<String> missing(String suite) {
        List<String> packages = new ArrayList<>();
        if (suite.equals("chaos")) {
            need(packages, onPath.test("ip"), "iproute2");
            need(packages, onPath.test("socat"), "socat");
            return packages;
        }
        need(packages, onPath.test("docker-compose"), "docker-compose");
        need(packages, onPath.test("redis-cli"), "redis-tools");
        need(packages, executable.test(Path.of(env.getOrDefault("SECKILL_CHROMIUM", "/usr/bin/chromium"))), "chromium");
        need(packages, executable.test(Path.of(env.getOrDefault("SECKILL_CHROMEDRIVER", "/usr/bin/chromedriver"))), "chromium-driver");
        need(packages, chineseFont, "fonts-wqy-zenhei");
        return packages;
    }

    /** {@code ops launch tools test|chaos}: what is missing installed, or 1 saying what to install. */
    int ensure(String suite, ServerStarter starter, Console console) {
        if (!suite.equals("test") && !suite.equals("chaos")) {
            throw new IllegalArgumentException("tools for: test or chaos (got '" + suite + "')");
        }
        List<String> missing = missing(suite);
        if (missing.isEmpty() || starter.aptInstall(missing)) {
            return 0;
        }
        console.error("missing for the " + (suite.equals("chaos") ? "fault suite" : "tests") + ": " + String.join(" ", missing)
                + " (Debian/Ubuntu: sudo apt-get install -y " + String.join(" ", missing) + "; or run ./seckill as root)");
        return 1;
    }

    private static void need(List<String> packages, boolean there, String pkg) {
        if (!there) {
            packages.add(pkg);
        }
    }
}
