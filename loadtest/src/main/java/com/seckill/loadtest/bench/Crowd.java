package com.seckill.loadtest.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The crowd: autocannon (Node.js) running {@code loadtest/crowd/crowd.js}, installed by the launcher in
 * {@code .run/crowd}. A closed loop of N connections, each a shopper at a time: answered at once, it
 * asks again at once, as a crowd of bots would, and as no page does (the page waits Retry-After).
 */
final class Crowd {

    /** The JWT key of the local profile the bench's system runs with (gateway-service's application.yml). */
    private static final String DEVELOPMENT_JWT_SECRET = "local-dev-secret-change-me-0123456789abcdef";

    private final Path root;
    private final String gateway;
    private final String jwtSecret;
    private long nextUser;

    Crowd(Path root, String gateway, String jwtSecret, long firstUser) {
        this.root = root;
        this.gateway = gateway;
        this.jwtSecret = jwtSecret == null || jwtSecret.isBlank() ? DEVELOPMENT_JWT_SECRET : jwtSecret;
        this.nextUser = firstUser;
    }

    /** {@code connections} shoppers on {@code activityId} for {@code seconds}: new ones each time (purchase) or anonymous (browse). */
    CrowdRun run(String mode, long activityId, int connections, int seconds) throws IOException, InterruptedException {
        String phase = "{\"gateway\":\"" + gateway + "\",\"connections\":" + connections + ",\"seconds\":" + seconds
                + ",\"mode\":\"" + mode + "\",\"activityId\":" + activityId + ",\"jwtSecret\":\"" + jwtSecret
                + "\",\"firstUser\":" + nextUser + "}";
        nextUser += 10_000_000L; // no shopper twice across phases
        Path modules = root.resolve(".run/crowd/node_modules");
        if (!Files.isDirectory(modules.resolve("autocannon"))) {
            throw new IllegalStateException("the crowd's autocannon is not installed in .run/crowd: ./seckill bench installs it");
        }
        ProcessBuilder builder = new ProcessBuilder(List.of("node", root.resolve("loadtest/crowd/crowd.js").toString(), phase))
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().put("NODE_PATH", modules.toString());
        Process node = builder.start();
        String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (node.waitFor() != 0 || out.isEmpty()) {
            throw new IllegalStateException("the crowd failed (" + mode + ", " + connections + " connections): " + out);
        }
        return CrowdRun.parse(out.substring(out.lastIndexOf('\n') + 1));
    }
}
