package com.seckill.gateway;

import com.seckill.common.trust.Caller;
import com.seckill.common.trust.InternalTokens;
import com.seckill.common.trust.UntrustedCaller;
import com.seckill.common.web.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Stands in for the downstream services: answers 200 with what it received, so a test sees exactly
 * which path and identity headers the gateway forwarded, and how often.
 */
public final class EchoService {

    /**
     * @param signedBy who the internal token (contract §9) says sent the request: "user:ID", "admin:ID",
     *                 "anonymous", or "untrusted" when there is none or it does not verify
     * @param signedFor the method and path the token was signed for
     */
    record Received(String method, String path, String userId, String roles, String signedBy, String signedFor) {
    }

    private static final InternalTokens TOKENS = new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, true);

    private final HttpServer server;
    private final int status;
    private final List<Received> received = new CopyOnWriteArrayList<>();

    private EchoService(HttpServer server, int status) {
        this.server = server;
        this.status = status;
    }

    public static EchoService start() {
        return start(200);
    }

    /** A service in trouble: healthy to the load balancer's check, 500 to every request it is sent. */
    public static EchoService startFailing() {
        return start(500);
    }

    private static EchoService start(int status) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            EchoService echo = new EchoService(server, status);
            server.createContext("/", echo::answer);
            server.start();
            return echo;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A port nobody listens on: the address of a service that is down. */
    public static int deadPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void stop() {
        server.stop(0);
    }

    public String uri() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public long count(String method, String path) {
        return received.stream().filter(r -> r.method().equals(method) && r.path().equals(path)).count();
    }

    /**
     * Requests the gateway routed for clients: not its own background reads (the load balancer's health
     * probes, the catalog it reads every second to know the waiting rooms).
     */
    public long countRouted() {
        return received.stream().filter(r -> !r.path().startsWith("/actuator/")
                && !(r.method().equals("GET") && r.path().equals("/api/activities"))).count();
    }

    /** Requests received whose path starts with {@code prefix}. */
    public long countUnder(String prefix) {
        return received.stream().filter(r -> r.path().startsWith(prefix)).count();
    }

    private void answer(HttpExchange exchange) throws IOException {
        exchange.getRequestBody().readAllBytes();
        String signedBy = "untrusted";
        String signedFor = null;
        try {
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            Caller caller = TOKENS.verify(authorization == null ? "" : authorization.replaceFirst("^Bearer ", ""), Instant.now());
            signedBy = caller.userId() == null ? "anonymous" : (caller.admin() ? "admin:" : "user:") + caller.userId();
            signedFor = caller.method() + " " + caller.path();
        } catch (UntrustedCaller e) {
            // stays untrusted
        }
        Received request = new Received(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                exchange.getRequestHeaders().getFirst(Headers.USER_ID),
                exchange.getRequestHeaders().getFirst(Headers.USER_ROLES), signedBy, signedFor);
        received.add(request);
        byte[] body = ("{\"method\":\"" + request.method() + "\",\"path\":\"" + request.path() + "\",\"userId\":"
                + quoted(request.userId()) + ",\"roles\":" + quoted(request.roles()) + ",\"signedBy\":"
                + quoted(request.signedBy()) + ",\"signedFor\":" + quoted(request.signedFor()) + "}")
                .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(request.path().startsWith("/actuator/") ? 200 : status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static String quoted(String value) {
        return value == null ? "null" : "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
