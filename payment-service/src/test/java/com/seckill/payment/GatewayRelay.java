package com.seckill.payment;

import com.seckill.web.test.Callers;
import com.seckill.web.test.ServiceStandIn;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * Where the sandbox provider posts its callbacks in these tests: like the gateway, it forwards
 * {@code POST /api/payments/callback} to payment-service with the gateway's word for an anonymous
 * request, headers and body untouched. The real gateway's routing is tested end to end.
 */
final class GatewayRelay {

    private static final String CALLBACK = "/api/payments/callback";
    final int port = ServiceStandIn.freePort();
    private final HttpClient http = HttpClient.newHttpClient();
    private HttpServer server;

    synchronized void start(int paymentServicePort) {
        if (server != null) {
            return;
        }
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 50);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext(CALLBACK, exchange -> {
            HttpRequest.Builder forwarded = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + paymentServicePort + CALLBACK))
                    .header("Authorization", Callers.forwardedHeader(null, false, "POST", CALLBACK))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(exchange.getRequestBody().readAllBytes()));
            exchange.getRequestHeaders().forEach((name, values) -> {
                if (!name.equalsIgnoreCase("Host") && !name.equalsIgnoreCase("Content-Length")
                        && !name.equalsIgnoreCase("Connection") && !name.equalsIgnoreCase("Authorization")) {
                    values.forEach(value -> forwarded.header(name, value));
                }
            });
            try {
                HttpResponse<byte[]> answer = http.send(forwarded.build(), HttpResponse.BodyHandlers.ofByteArray());
                exchange.sendResponseHeaders(answer.statusCode(), answer.body().length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(answer.body());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendResponseHeaders(502, -1);
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

    String callbackUrl() {
        return "http://127.0.0.1:" + port + CALLBACK;
    }
}
