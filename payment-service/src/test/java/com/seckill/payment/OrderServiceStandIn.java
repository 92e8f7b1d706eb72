package com.seckill.payment;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Plays order-service's internal pay endpoint on a real port, so payment-service's HTTP client,
 * discovery and retries run for real. It can be stopped (connection refused) and started again.
 * The endpoint's own semantics are tested against the real order-service in its module.
 */
final class OrderServiceStandIn {

    final int port = freePort();
    final List<Long> payCalls = new CopyOnWriteArrayList<>();
    final Map<Long, String> outcomes = new ConcurrentHashMap<>();
    private HttpServer server;

    synchronized void start() {
        if (server != null) {
            return;
        }
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 50);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/internal/orders/", exchange -> {
            String[] parts = exchange.getRequestURI().getPath().split("/");
            long orderId = Long.parseLong(parts[3]);
            payCalls.add(orderId);
            String outcome = outcomes.getOrDefault(orderId, "PAID");
            byte[] body = ("{\"orderId\":" + orderId + ",\"outcome\":\"" + outcome + "\"}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    synchronized void stop() {
        if (server != null) {
            server.stop(0);
            server = null;
        }
    }

    String uri() {
        return "http://127.0.0.1:" + port;
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
