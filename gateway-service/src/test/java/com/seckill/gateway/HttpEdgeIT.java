package com.seckill.gateway;

import static com.seckill.gateway.GatewayTests.expectProblem;
import static com.seckill.gateway.GatewayTests.randomId;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.gateway.auth.JwtTokens;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * What an attacker's tools send below the level of paths and tokens, on a raw connection: requests
 * Netty refuses before Spring runs still get a problem answer, and a request with two body lengths is
 * refused with its connection, so nothing after it is read as a request of its own.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class HttpEdgeIT {

    private static final EchoService services = EchoService.start();
    private static final Pattern STATUS_LINE = Pattern.compile("(?m)^HTTP/1\\.1 (\\d{3}) ");
    private final ObjectMapper json = new ObjectMapper();

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        GatewayTests.wire(registry, services);
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-user", () -> "0");
    }

    @AfterAll
    static void stopServices() {
        services.stop();
    }

    @LocalServerPort
    int port;
    @Autowired
    WebTestClient web;
    @Autowired
    JwtTokens tokens;

    /** What came back on one connection before the gateway closed it (or 5 s of silence). */
    record Exchange(String raw, boolean closed) {

        int responses() {
            Matcher m = STATUS_LINE.matcher(raw);
            int count = 0;
            while (m.find()) {
                count++;
            }
            return count;
        }

        int status() {
            Matcher m = STATUS_LINE.matcher(raw);
            return m.find() ? Integer.parseInt(m.group(1)) : -1;
        }

        String header(String name) {
            Matcher m = Pattern.compile("(?mi)^" + name + ":\\s*([^\\r\\n]*)").matcher(raw);
            return m.find() ? m.group(1) : null;
        }

        String body() {
            int start = raw.indexOf("\r\n\r\n");
            return start < 0 ? "" : raw.substring(start + 4);
        }
    }

    private Exchange send(byte[] request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            boolean closed = false;
            try {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    answer.write(buffer, 0, n);
                }
                closed = true;
            } catch (SocketTimeoutException e) {
                // still open after 5 s of silence
            }
            return new Exchange(answer.toString(StandardCharsets.ISO_8859_1), closed);
        }
    }

    private Exchange send(String request) throws IOException {
        return send(request.getBytes(StandardCharsets.ISO_8859_1));
    }

    private void assertProblem(Exchange exchange, int status) throws IOException {
        assertThat(exchange.status()).as(exchange.raw()).isEqualTo(status);
        assertThat(exchange.header("Content-Type")).as(exchange.raw()).startsWith("application/problem+json");
        JsonNode body = json.readTree(exchange.body());
        assertThat(body.path("status").asInt()).isEqualTo(status);
        assertThat(body.path("code").asText()).isEqualTo("BAD_REQUEST");
        assertThat(body.path("detail").asText()).isNotBlank();
    }

    @Test
    void contentLengthWithTransferEncodingIsRefusedAndTheRestIsNeverReadAsARequest() throws IOException {
        long routedBefore = services.countRouted();
        String smuggled = "GET /api/orders HTTP/1.1\r\nHost: x\r\n\r\n";
        Exchange exchange = send("POST /api/orders/1/cancel HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled);

        assertProblem(exchange, 400);
        assertThat(exchange.responses()).as(exchange.raw()).isEqualTo(1);
        assertThat(exchange.closed()).as("connection closed").isTrue();
        assertThat(services.countRouted()).isEqualTo(routedBefore);
    }

    /** A body length the gateway and a proxy in front of it could read two ways: refused, with the connection. */
    @ParameterizedTest
    @ValueSource(strings = {"Content-Length: 14\r\nTransfer-Encoding: xchunked", "Content-Length: 14\r\nTransfer-Encoding: gzip",
            "Content-Length: 14\r\nTransfer-Encoding: identity", "Content-Length: 14\r\nTransfer-Encoding: chunked, chunked",
            "Transfer-Encoding: gzip", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked"})
    void aTransferEncodingOtherThanChunkedAloneIsRefusedWithTheConnection(String framing) throws IOException {
        long routedBefore = services.countRouted();
        Exchange exchange = send("POST /api/orders/1/cancel HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + framing
                + "\r\n\r\n{\"userId\":77}\nGET /api/orders HTTP/1.1\r\nHost: x\r\n\r\n");

        assertProblem(exchange, 400);
        assertThat(exchange.responses()).as(exchange.raw()).isEqualTo(1);
        assertThat(exchange.closed()).as("connection closed").isTrue();
        assertThat(services.countRouted()).isEqualTo(routedBefore);
    }

    /**
     * An Origin header that is no origin is a 400 problem on every kind of path (Spring's URL parser threw, a 500
     * with a stack trace in the log per request), and the log says nothing at all of it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"http://a:b", "http://%zz", "ftp://x y", "http://127.0.0.1:8080.evil.example", "http://x:99999", "http://"})
    void aMalformedOriginIsABadRequestOnEveryPathAndLeavesNoStackTrace(String origin, CapturedOutput log) {
        String shopper = tokens.issue(randomId(), false);
        int logged = log.getAll().length();

        expectProblem(web.get().uri("/api/activities").header("Origin", origin).exchange(), 400, "BAD_REQUEST");
        expectProblem(web.get().uri("/api/orders").header("Origin", origin).headers(h -> h.setBearerAuth(shopper)).exchange(),
                400, "BAD_REQUEST");
        expectProblem(web.options().uri("/api/orders").header("Origin", origin).header("Access-Control-Request-Method", "POST")
                .exchange(), 400, "BAD_REQUEST");
        // what these requests logged: a leak report is printed whenever the garbage collector finds a buffer dropped
        // earlier, by any test of this JVM, so it is not theirs
        String theirs = log.getAll().substring(logged).lines().filter(line -> !line.contains("ResourceLeakDetector"))
                .collect(java.util.stream.Collectors.joining("\n"));
        assertThat(theirs).doesNotContain("Exception").doesNotContain("ERROR");
    }

    @Test
    void aWellFormedOriginStillGetsTheSameOriginAnswer() {
        web.get().uri("/api/activities").header("Origin", "http://127.0.0.1:" + port).exchange().expectStatus().isOk();
        web.get().uri("/api/activities").header("Origin", "null").exchange().expectStatus().isOk();
    }

    @Test
    void aChunkedBodyAloneIsStillRead() throws IOException {
        Exchange exchange = send("POST /api/auth/demo-token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n0d\r\n{\"userId\":77}\r\n0\r\n\r\n");

        assertThat(exchange.status()).as(exchange.raw()).isEqualTo(200);
        assertThat(exchange.body()).contains("token");
    }

    @Test
    void headersTooLargeGetAProblem() throws IOException {
        assertProblem(send("GET /api/activities HTTP/1.1\r\nHost: x\r\nX-Padding: " + "a".repeat(20_000) + "\r\n\r\n"), 431);
    }

    @Test
    void aRequestLineTooLongGetsAProblem() throws IOException {
        assertProblem(send("GET /api/activities/" + "1".repeat(10_000) + " HTTP/1.1\r\nHost: x\r\n\r\n"), 414);
    }

    @Test
    void aMalformedHeaderGetsAProblem() throws IOException {
        assertProblem(send("GET /api/activities HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n"), 400);
    }

    @Test
    void aHeadRequestStillHasNoBody() throws IOException {
        Exchange exchange = send("HEAD /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");

        assertThat(exchange.status()).as(exchange.raw()).isEqualTo(200);
        assertThat(exchange.body()).isEmpty();
    }

    @Test
    void anOverlongUtf8SequenceInABodyIsABadRequestAndStoresNothing() {
        String admin = tokens.issue(randomId(), true);
        long userId = randomId();
        byte[] prefix = ("{\"userId\":" + userId + ",\"reason\":\"a").getBytes(StandardCharsets.US_ASCII);
        byte[] body = new byte[prefix.length + 4];
        System.arraycopy(prefix, 0, body, 0, prefix.length);
        body[prefix.length] = (byte) 0xC0;
        body[prefix.length + 1] = (byte) 0xAF; // '/' spelt in two bytes
        body[prefix.length + 2] = '"';
        body[prefix.length + 3] = '}';

        expectProblem(web.post().uri("/api/admin/blacklist").headers(h -> h.setBearerAuth(admin))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange(), 400, "BAD_REQUEST");
        web.get().uri("/api/admin/blacklist").headers(h -> h.setBearerAuth(admin)).exchange()
                .expectStatus().isOk()
                .expectBody().jsonPath("$[?(@.userId == " + userId + ")]").doesNotExist();
    }

    @Test
    void aRefusedPreflightGetsAProblem() {
        expectProblem(web.options().uri("/api/orders")
                .header("Origin", "https://evil.example")
                .header("Access-Control-Request-Method", "POST")
                .exchange(), 403, "FORBIDDEN");
    }
}
