package com.seckill.gateway.edge;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.gateway.EchoService;
import com.seckill.gateway.GatewayTests;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * What one client's connections may cost the public port (issue 43): a connection that sends nothing, a
 * request whose head or body trickles in, a kept-alive connection left idle are all closed within their
 * bounds, and connections beyond an address's share are refused with a 429 while other addresses are served.
 * The bounds are short here (2 s to read a request, 3 s idle, 4 connections an address) so that a test waits
 * seconds, not the defaults' tens of seconds.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ClientConnectionsIT {

    private static final Duration REQUEST = Duration.ofSeconds(2);
    private static final Duration IDLE = Duration.ofSeconds(3);
    private static final int SHARE = 4;
    private static final EchoService services = EchoService.start();
    private static final byte[] TIME = "GET /api/time HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        GatewayTests.wire(registry, services);
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "0");
        registry.add("seckill.gateway.connections.request-timeout", () -> REQUEST.toMillis() + "ms");
        registry.add("seckill.gateway.connections.idle-timeout", () -> IDLE.toMillis() + "ms");
        registry.add("seckill.gateway.connections.per-address", () -> SHARE);
    }

    @AfterAll
    static void stopServices() {
        services.stop();
    }

    @LocalServerPort
    int port;
    @Autowired
    MeterRegistry meters;

    /** What the gateway sent on a connection until it closed it, and after how long; fails if it stays open 15 s. */
    record Ending(String received, Duration after) {
    }

    private static Ending waitForTheEnd(Socket socket, long since, Runnable meanwhile) throws IOException {
        socket.setSoTimeout(250);
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        while (System.nanoTime() - since < Duration.ofSeconds(15).toNanos()) {
            try {
                int n = in.read(buffer);
                if (n < 0) {
                    return new Ending(received.toString(StandardCharsets.ISO_8859_1), Duration.ofNanos(System.nanoTime() - since));
                }
                received.write(buffer, 0, n);
            } catch (SocketTimeoutException e) {
                meanwhile.run();
            } catch (IOException e) {
                return new Ending(received + " (" + e + ")", Duration.ofNanos(System.nanoTime() - since));
            }
        }
        throw new AssertionError("still open after 15 s; received: " + received.toString(StandardCharsets.ISO_8859_1));
    }

    private Socket connect(String from) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        return socket;
    }

    private static String askOnce(Socket socket) throws IOException {
        socket.getOutputStream().write(TIME);
        socket.setSoTimeout(5000);
        InputStream in = socket.getInputStream();
        StringBuilder answer = new StringBuilder();
        while (!(answer.indexOf("epochMillis") >= 0 && answer.charAt(answer.length() - 1) == '}')) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            answer.append((char) b);
        }
        return answer.toString();
    }

    private double closed(String reason) {
        return meters.counter(HttpEdge.CLOSED, "reason", reason).count();
    }

    @Test
    void aConnectionThatSendsNothingIsClosedSilentlyAfterTheRequestTimeout() throws IOException {
        try (Socket socket = connect("127.0.0.1")) {
            Ending ending = waitForTheEnd(socket, System.nanoTime(), () -> { });

            assertThat(ending.received()).as("nothing is said to a connection that asked nothing").isEmpty();
            assertThat(ending.after()).isBetween(REQUEST.minusMillis(200), REQUEST.plusSeconds(2));
        }
    }

    @Test
    void aHeadSentALineAtATimeIsAnswered408AndClosedWhenTheRequestTimeoutIsOver() throws IOException {
        double before = closed("request-timeout");
        try (Socket socket = connect("127.0.0.1")) {
            OutputStream out = socket.getOutputStream();
            out.write("GET /api/time HTTP/1.1\r\n".getBytes(StandardCharsets.ISO_8859_1));
            long started = System.nanoTime();
            // a header line every quarter of a second: the connection is never silent, the request never ends
            Ending ending = waitForTheEnd(socket, started, () -> {
                try {
                    out.write("X-Slow: y\r\n".getBytes(StandardCharsets.ISO_8859_1));
                } catch (IOException e) {
                    // closed meanwhile: the read says so
                }
            });

            assertThat(ending.received()).startsWith("HTTP/1.1 408").contains("application/problem+json")
                    .contains("\"code\":\"BAD_REQUEST\"").containsIgnoringCase("connection: close");
            assertThat(ending.after()).isBetween(REQUEST.minusMillis(200), REQUEST.plusSeconds(2));
        }
        assertThat(closed("request-timeout")).isEqualTo(before + 1);
    }

    @Test
    void aBodySentAByteAtATimeHasItsConnectionClosedWhenTheRequestTimeoutIsOver() throws IOException {
        try (Socket socket = connect("127.0.0.1")) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/auth/demo-token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{")
                    .getBytes(StandardCharsets.ISO_8859_1));
            Ending ending = waitForTheEnd(socket, System.nanoTime(), () -> {
                try {
                    out.write(' ');
                } catch (IOException e) {
                    // closed meanwhile
                }
            });

            assertThat(ending.received()).as("no answer is made up for a request that never arrived").doesNotContain("HTTP/1.1 200");
            assertThat(ending.after()).isBetween(REQUEST.minusMillis(200), REQUEST.plusSeconds(2));
        }
    }

    @Test
    void aKeptAliveConnectionIsClosedOnlyAfterItHasBeenIdleForTheIdleTimeout() throws IOException {
        try (Socket socket = connect("127.0.0.1")) {
            // asking every second for longer than the idle timeout: the connection stays open throughout
            long asking = System.nanoTime();
            long lastAnswer;
            while (true) {
                assertThat(askOnce(socket)).startsWith("HTTP/1.1 200");
                lastAnswer = System.nanoTime();
                if (lastAnswer - asking > IDLE.plusSeconds(2).toNanos()) {
                    break;
                }
                sleepQuietly(Duration.ofSeconds(1));
            }
            Ending ending = waitForTheEnd(socket, lastAnswer, () -> { });

            assertThat(ending.received()).isEmpty();
            assertThat(ending.after()).isBetween(IDLE.minusMillis(200), IDLE.plusSeconds(2));
        }
    }

    @Test
    void connectionsBeyondTheAddresssShareAreRefusedWith429WhileOtherAddressesAreServed() throws IOException {
        double before = closed("per-address");
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < SHARE; i++) {
                held.add(connect("127.0.0.1"));
                // answered: within the share, and counted before the next one is opened
                assertThat(askOnce(held.get(i))).startsWith("HTTP/1.1 200");
            }
            try (Socket beyond = connect("127.0.0.1")) {
                beyond.getOutputStream().write(TIME);
                Ending ending = waitForTheEnd(beyond, System.nanoTime(), () -> { });

                assertThat(ending.received()).startsWith("HTTP/1.1 429").contains("\"code\":\"RATE_LIMITED\"")
                        .containsIgnoringCase("connection: close").contains("Too many connections from your address");
                assertThat(ending.after()).isLessThan(Duration.ofSeconds(1));
            }
            try (Socket another = connect("127.0.0.2")) {
                assertThat(askOnce(another)).as("another address, meanwhile").startsWith("HTTP/1.1 200");
            }
            assertThat(askOnce(held.get(0))).as("a connection within the share, again").startsWith("HTTP/1.1 200");
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
        assertThat(closed("per-address")).isEqualTo(before + 1);
        // the share is counted by connections open: once they are closed, the address is served again
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            try (Socket again = connect("127.0.0.1")) {
                assertThat(askOnce(again)).startsWith("HTTP/1.1 200");
            }
        });
    }

    private static void sleepQuietly(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
