package com.seckill.loadtest.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The crowd of the benches: N connections, each a closed loop of shoppers (answered, it asks again at
 * once, Retry-After or not, as a crowd of bots does and no page does), driven by one thread on a
 * {@link java.nio.channels.Selector} with plain HTTP/1.1 keep-alive requests ({@link CrowdPhase}).
 * <p>
 * One thread and no HTTP library, because the crowd runs on the cores of the system it measures and its
 * own delay is part of every answer time it records. Autocannon (Node.js), the crowd before this one,
 * took 0.58 of a core for 5,800 requests a second at 5,000 connections and fell behind: its event loop
 * went up to ten seconds without running a timer, so a 20-second phase lasted 30 and answers waited in
 * its sockets before it timed them (PERFORMANCE.md). Here a request costs a write, a read and a scan of a
 * few hundred bytes; the share of a core the thread used is {@link CrowdRun#driverCores()}.
 * <p>
 * Modes: {@code purchase}, a new shopper per iteration (a token of its own): {@code POST
 * /api/seckill/{aid}/token}, then, if a path came back, {@code POST /api/seckill/{aid}/{path}} on the same
 * connection; a request answered 503 BUSY is sent again as it was (the same shopper asks again, as one
 * refused does), any other answer ends the shopper's turn; {@code browse}, {@code GET /api/activities/{aid}}, anonymous; {@code dbonly}, {@code POST
 * /api/buy/{aid}} to the DB-only app (its "gateway" is that app).
 */
final class Crowd {

    /** The JWT key of the local profile the bench's system runs with (gateway-service's application.yml). */
    private static final String DEVELOPMENT_JWT_SECRET = "local-dev-secret-change-me-0123456789abcdef";
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String JWT_HEADER = base64("{\"alg\":\"HS256\",\"typ\":\"JWT\"}");

    private final InetSocketAddress address;
    private final String host;
    private final SecretKeySpec key;
    private final Duration timeout;
    private long nextUser;

    Crowd(String gateway, String jwtSecret, long firstUser) {
        this(gateway, jwtSecret, firstUser, TIMEOUT);
    }

    Crowd(String gateway, String jwtSecret, long firstUser, Duration timeout) {
        URI uri = URI.create(gateway);
        this.address = new InetSocketAddress(uri.getHost(), uri.getPort() < 0 ? 80 : uri.getPort());
        this.host = uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
        String secret = jwtSecret == null || jwtSecret.isBlank() ? DEVELOPMENT_JWT_SECRET : jwtSecret;
        this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
        this.timeout = timeout;
        this.nextUser = firstUser;
    }

    /** {@code connections} shoppers on {@code activityId} for {@code seconds}: new ones each time (purchase) or anonymous (browse). */
    CrowdRun run(String mode, long activityId, int connections, int seconds) throws IOException {
        if (!mode.equals("purchase") && !mode.equals("browse") && !mode.equals("dbonly")) {
            throw new IllegalArgumentException("unknown mode: " + mode);
        }
        Requests requests = new Requests(mode, activityId, nextUser);
        nextUser += 10_000_000L; // no shopper twice across phases
        try (CrowdPhase phase = new CrowdPhase(address, requests, connections, timeout)) {
            return phase.run(Duration.ofSeconds(seconds));
        }
    }

    /** As {@link #run}, in consecutive windows of {@code windowSeconds} on the same connections. */
    List<CrowdRun> runInWindows(String mode, long activityId, int connections, int seconds, int windowSeconds) throws IOException {
        Requests requests = new Requests(mode, activityId, nextUser);
        nextUser += 10_000_000L;
        try (CrowdPhase phase = new CrowdPhase(address, requests, connections, timeout)) {
            return phase.run(Duration.ofSeconds(seconds), Duration.ofSeconds(windowSeconds));
        }
    }

    private static String base64(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** What a phase's connections ask, as bytes on the wire; a new shopper (a signed token of its own) per path request. */
    final class Requests {

        private final String mode;
        private final long activity;
        private final Mac mac;
        private long user;

        private Requests(String mode, long activity, long firstUser) {
            this.mode = mode;
            this.activity = activity;
            this.user = firstUser;
            try {
                this.mac = Mac.getInstance("HmacSHA256");
                mac.init(key);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("no HmacSHA256 in this JVM", e);
            }
        }

        /** The first request of an iteration: a new shopper's path request, a read or a DB-only purchase; its kind is set on {@code shopper}. */
        byte[] first(CrowdShopper shopper) {
            switch (mode) {
                case "purchase" -> {
                    shopper.kind = "token";
                    shopper.auth = token(user++);
                    return post("/api/seckill/" + activity + "/token", shopper.auth);
                }
                case "browse" -> {
                    shopper.kind = "browse";
                    return ("GET /api/activities/" + activity + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
                }
                default -> {
                    shopper.kind = "dbonly";
                    return post("/api/buy/" + activity, null);
                }
            }
        }

        /** The purchase of the shopper whose path request was given {@code path}. */
        byte[] purchase(CrowdShopper shopper, String path) {
            shopper.kind = "purchase";
            return post("/api/seckill/" + activity + "/" + path, shopper.auth);
        }

        private byte[] post(String target, String auth) {
            return ("POST " + target + " HTTP/1.1\r\nHost: " + host + "\r\n" + (auth == null ? "" : "Authorization: Bearer " + auth + "\r\n")
                    + "Content-Length: 0\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        }

        private String token(long userId) {
            long now = System.currentTimeMillis() / 1000;
            String claims = base64("{\"sub\":\"" + userId + "\",\"roles\":[],\"iat\":" + now + ",\"exp\":" + (now + 3600) + "}");
            String signed = JWT_HEADER + "." + claims;
            return signed + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(signed.getBytes(StandardCharsets.US_ASCII)));
        }
    }
}
