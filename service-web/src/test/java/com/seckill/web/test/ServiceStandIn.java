package com.seckill.web.test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.trust.Caller;
import com.seckill.common.trust.InternalTokens;
import com.seckill.common.trust.UntrustedCaller;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A peer service played on a real port for one service's integration tests, so that service's HTTP
 * client, discovery and credentials run for real. Like the real peer it refuses calls without a
 * service token holding the scope of the endpoint. It can be stopped (connection refused) and
 * started again. The peer's own behaviour is tested against the real service in its module.
 */
public class ServiceStandIn {

    /** Answers one request whose caller was authorized; returns the status and JSON body. */
    public interface Route {
        Answer handle(String path, byte[] body) throws Exception;
    }

    public record Answer(int status, Object body) {
    }

    private static final InternalTokens TOKENS = new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, true);
    protected final ObjectMapper json = new ObjectMapper();
    private final int port = freePort();
    private final Map<String, Map.Entry<Function<String, String>, Route>> routes = new LinkedHashMap<>();
    private HttpServer server;

    /** Requests whose path starts with {@code prefix} need {@code scope}, and are answered by {@code route}. */
    protected final void route(String prefix, String scope, Route route) {
        route(prefix, path -> scope, route);
    }

    /** As above, the scope depending on the path. */
    protected final void route(String prefix, Function<String, String> scope, Route route) {
        routes.put(prefix, Map.entry(scope, route));
    }

    public final synchronized void start() {
        if (server != null) {
            return;
        }
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 50);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/", this::serve);
        server.start();
    }

    public final synchronized void stop() {
        if (server != null) {
            server.stop(0);
            server = null;
        }
    }

    public final String uri() {
        return "http://127.0.0.1:" + port;
    }

    private void serve(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        Map.Entry<Function<String, String>, Route> match = routes.entrySet().stream().filter(route -> path.startsWith(route.getKey()))
                .map(Map.Entry::getValue).findFirst().orElse(null);
        if (match == null) {
            write(exchange, new Answer(404, Map.of("code", "NOT_FOUND")));
            return;
        }
        Caller caller;
        try {
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            caller = TOKENS.verify(authorization == null ? "" : authorization.replaceFirst("^Bearer ", ""), Instant.now());
        } catch (UntrustedCaller e) {
            write(exchange, new Answer(401, Map.of("code", "UNAUTHENTICATED")));
            return;
        }
        if (!caller.may(match.getKey().apply(path))) {
            write(exchange, new Answer(403, Map.of("code", "FORBIDDEN")));
            return;
        }
        try {
            write(exchange, match.getValue().handle(path, exchange.getRequestBody().readAllBytes()));
        } catch (Exception e) {
            write(exchange, new Answer(500, Map.of("code", "INTERNAL", "detail", e.toString())));
        }
    }

    private void write(HttpExchange exchange, Answer answer) throws IOException {
        byte[] bytes = json.writeValueAsString(answer.body()).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(answer.status(), bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
