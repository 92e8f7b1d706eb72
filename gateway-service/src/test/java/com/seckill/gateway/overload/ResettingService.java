package com.seckill.gateway.overload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A service that takes the connection, reads the request and resets it (RST): what an overwhelmed Tomcat
 * does. Its health probe is answered, so the load balancer keeps it in rotation.
 */
final class ResettingService {

    private final ServerSocket socket;
    private final AtomicInteger resets = new AtomicInteger();
    private final Thread acceptor;

    ResettingService() {
        try {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        acceptor = new Thread(this::serve, "resetting-service");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void serve() {
        while (!socket.isClosed()) {
            try (Socket connection = socket.accept()) {
                byte[] request = new byte[8192];
                int read = connection.getInputStream().read(request);
                if (read > 0 && new String(request, 0, read, StandardCharsets.ISO_8859_1).startsWith("GET /actuator/")) {
                    connection.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
                            .getBytes(StandardCharsets.ISO_8859_1));
                    continue;
                }
                connection.setSoLinger(true, 0); // close with RST, not FIN
                resets.incrementAndGet();
            } catch (IOException e) {
                // closed by stop(), or the client went away first
            }
        }
    }

    int resets() {
        return resets.get();
    }

    String uri() {
        return "http://127.0.0.1:" + socket.getLocalPort();
    }

    void stop() {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
