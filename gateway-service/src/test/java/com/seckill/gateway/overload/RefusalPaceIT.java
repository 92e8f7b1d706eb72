package com.seckill.gateway.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.seckill.gateway.GatewayTests;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The pace of a connection's refusals (contract §11): the first is answered at once; one refused again
 * at once, as a client ignoring Retry-After asks, gets its answer only when the pause since the last is
 * over; but a request let through is never made to wait for that pause. The limit of seckill-service's
 * tier is pinned to 3 and the pause is long (2 s), so what waits and what does not cannot be mistaken.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RefusalPaceIT {

    private static final int LIMIT = 3;
    private static final Duration PAUSE = Duration.ofSeconds(2);
    private static final byte[] READ_AN_ACTIVITY = "GET /api/activities/1 HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
    private static final HeldService seckill = HeldService.answering(path -> 200);

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        seckill.standInForEveryService(registry);
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "0");
        registry.add("seckill.gateway.overload.initial-limit", () -> LIMIT);
        registry.add("seckill.gateway.overload.min-limit", () -> LIMIT);
        registry.add("seckill.gateway.overload.max-limit", () -> LIMIT);
        registry.add("seckill.gateway.overload.shed-pause", () -> PAUSE.toMillis() + "ms");
    }

    @AfterAll
    static void stopService() {
        seckill.stop();
    }

    @Autowired
    ConcurrencyLimits limits;
    @Autowired
    MeterRegistry meters;
    @LocalServerPort
    int port;

    @AfterEach
    void releaseHeld() {
        seckill.releaseAll();
    }

    /** {@code LIMIT} reads of the catalog, held at seckill-service: its tier is full. */
    private void fillTheSeckillTier() {
        seckill.fillWithCatalogReads(port, LIMIT);
    }

    @Test
    void aRefusalAskedAgainAtOnceIsAnsweredWhenThePauseIsOver() throws IOException {
        fillTheSeckillTier();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            long sentAt = System.nanoTime();
            out.write(READ_AN_ACTIVITY);
            String first = readAnswer(in);
            long firstAt = System.nanoTime();
            long firstTook = Duration.ofNanos(firstAt - sentAt).toMillis();
            out.write(READ_AN_ACTIVITY); // at once, as a client that ignores Retry-After
            String second = readAnswer(in);
            long waited = Duration.ofNanos(System.nanoTime() - firstAt).toMillis();

            assertThat(first).startsWith("HTTP/1.1 503").contains("retry-after: 1");
            assertThat(firstTook).as("ms to the connection's first refusal").isLessThan(PAUSE.toMillis());
            assertThat(second).startsWith("HTTP/1.1 503");
            assertThat(waited).as("ms between the two refusals").isGreaterThanOrEqualTo(PAUSE.toMillis() - 100);
        }
    }

    @Test
    void aRequestLetThroughRightAfterARefusalDoesNotWaitForThePause() throws IOException {
        fillTheSeckillTier();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            out.write(READ_AN_ACTIVITY);
            String first = readAnswer(in);
            long firstAt = System.nanoTime();
            seckill.release();
            await().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(10)).until(() -> !limits.isFull(Tier.SECKILL));
            out.write(READ_AN_ACTIVITY); // the service has room again
            String second = readAnswer(in);
            long waited = Duration.ofNanos(System.nanoTime() - firstAt).toMillis();

            assertThat(first).startsWith("HTTP/1.1 503");
            assertThat(second).startsWith("HTTP/1.1 200");
            assertThat(waited).as("ms between the refusal and the answer of the request let through").isLessThan(PAUSE.toMillis());
        }
    }

    @Test
    void whatWasSentAfterARequestToCloseIsNeverRoutedThoughTheServiceHasRoomWhenItsRefusalIsWritten() throws IOException {
        fillTheSeckillTier();
        String after = "/api/activities/" + GatewayTests.randomId();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            double shed = shedFromTheSeckillTier();
            out.write(READ_AN_ACTIVITY);
            assertThat(readAnswer(in)).startsWith("HTTP/1.1 503");
            // at once: a request to close, refused again and held for the pause, and one more sent after it
            out.write(("GET /api/activities/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    + "GET " + after + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            await().atMost(Duration.ofSeconds(5)).until(() -> shedFromTheSeckillTier() == shed + 2);
            seckill.release(); // the service has room again before the held refusal is written
            await().atMost(Duration.ofSeconds(10)).until(() -> !limits.isFull(Tier.SECKILL));

            assertThat(readAnswer(in)).startsWith("HTTP/1.1 503").containsIgnoringCase("connection: close");
            assertThat(in.read()).as("the connection, closed after the answer to the request to close").isEqualTo(-1);
        }
        // a read sent afterwards on another connection reaches the service; the one sent after the close never did
        String later = "/api/activities/" + GatewayTests.randomId();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + later + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            assertThat(readAnswer(socket.getInputStream())).startsWith("HTTP/1.1 200");
        }
        assertThat(seckill.received(later)).isEqualTo(1);
        assertThat(seckill.received(after)).as("reads of the request sent after the request to close").isZero();
    }

    @Test
    void answersAfterPrebuiltRefusalsKeepTheirRequestsAndAHeadIsAnsweredWithoutABody() throws IOException {
        fillTheSeckillTier();
        byte[] head = "HEAD /api/activities/1 HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            out.write(READ_AN_ACTIVITY);
            String refused = readAnswer(in); // written as prebuilt bytes, past the encoder
            out.write(head);
            String headRefused = readHead(in); // a HEAD's refusal: headers only
            seckill.release();
            await().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(10)).until(() -> !limits.isFull(Tier.SECKILL));
            out.write(head);
            String headAnswered = readHead(in); // through the encoder, which must know this answer is a HEAD's
            out.write(READ_AN_ACTIVITY);
            String read = readAnswer(in);

            assertThat(refused).startsWith("HTTP/1.1 503").contains("\"code\":\"BUSY\"");
            assertThat(headRefused).startsWith("HTTP/1.1 503").containsIgnoringCase("retry-after: 1");
            assertThat(headAnswered).startsWith("HTTP/1.1 200");
            assertThat(read).startsWith("HTTP/1.1 200");
        }
    }

    @Test
    void aRefusedRequestsBodyThatArrivesAfterItsRefusalDoesNotKeepTheNextRequestUnread() throws IOException {
        fillTheSeckillTier();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            // the head first: it is refused before its body has come (a client that writes head and body apart)
            out.write(("POST /api/seckill/1/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            String refused = readAnswer(in);
            out.write("{}".getBytes(StandardCharsets.ISO_8859_1));
            long sentAt = System.nanoTime();
            out.write(READ_AN_ACTIVITY);
            String next = readAnswer(in);

            assertThat(refused).startsWith("HTTP/1.1 503");
            assertThat(next).as("the request after the refused one's body").startsWith("HTTP/1.1 503");
            assertThat(Duration.ofNanos(System.nanoTime() - sentAt)).isLessThan(PAUSE.plusSeconds(1));
        }
    }

    @Test
    void aRequestThatWaitsFor100ContinueIsRefusedWithItsConnectionSinceItsBodyWillNotCome() throws IOException {
        fillTheSeckillTier();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            socket.getOutputStream().write(("POST /api/seckill/1/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 2\r\nExpect: 100-continue\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));

            assertThat(readAnswer(in)).startsWith("HTTP/1.1 503").containsIgnoringCase("connection: close");
            assertThat(in.read()).as("closed: what the client sends next is not its body").isEqualTo(-1);
        }
    }

    /** The status line and headers of an answer that has no body (a HEAD's). */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after " + head);
            }
            head.write(b);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private double shedFromTheSeckillTier() {
        return meters.counter("seckill.gateway.shed", "reason", ShedMeter.CONCURRENCY, "tier", Tier.SECKILL.tag()).count();
    }

    /** One answer with a Content-Length body, read off the connection. */
    private static String readAnswer(InputStream in) throws IOException {
        String headers = readHead(in);
        int at = headers.toLowerCase().indexOf("content-length:");
        int length = Integer.parseInt(headers.substring(at + 15, headers.indexOf("\r\n", at)).strip());
        return headers + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
