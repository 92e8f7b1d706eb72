package com.seckill.loadtest.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The crowd against a small HTTP server of the test's own: what it sends (a new shopper per path request,
 * the purchase with the path its own token was given), what it counts and how it times answers, chunked
 * or sized, slow or never coming.
 */
class CrowdTest {

    private static final Pattern SUB = Pattern.compile("\"sub\":\"(\\d+)\"");
    private static final long FIRST_USER = 5_000;

    private final Set<String> shoppersAsking = ConcurrentHashMap.newKeySet();
    private final Set<String> shoppersBuying = ConcurrentHashMap.newKeySet();
    private final AtomicInteger misdirected = new AtomicInteger();
    private final CountDownLatch release = new CountDownLatch(1);
    private HttpServer server;
    private ExecutorService threads;
    private String url;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        threads = Executors.newCachedThreadPool();
        server.setExecutor(threads);
        // a path for even shoppers (chunked, as Spring answers JSON), 503 BUSY with a length for odd ones
        server.createContext("/api/seckill/7/", exchange -> {
            String user = user(exchange);
            String action = exchange.getRequestURI().getPath().substring("/api/seckill/7/".length());
            if (action.equals("token")) {
                if (!shoppersAsking.add(user)) {
                    misdirected.incrementAndGet(); // a shopper asked twice: the crowd reuses users
                }
                if (Long.parseLong(user) % 2 == 0) {
                    answer(exchange, 200, "{\"path\":\"p" + user + "\",\"expiresInSeconds\":60}", true);
                } else {
                    answer(exchange, 503, "{\"code\":\"BUSY\"}", false);
                }
            } else {
                if (!action.equals("p" + user) || !shoppersBuying.add(user)) {
                    misdirected.incrementAndGet(); // another's path, or a second purchase
                }
                answer(exchange, 202, "{\"orderId\":1}", false);
            }
        });
        server.createContext("/api/activities/8", exchange -> {
            pause(Duration.ofMillis(300));
            answer(exchange, 200, "{\"id\":8}", false);
        });
        server.createContext("/api/activities/9", exchange -> {
            await(release);
            answer(exchange, 200, "{\"id\":9}", false);
        });
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        release.countDown();
        server.stop(0);
        threads.shutdownNow();
    }

    @Test
    void eachShopperAsksOnceAndBuysWithThePathItsOwnTokenWasGiven() throws IOException {
        CrowdRun run = new Crowd(url, null, FIRST_USER).run("purchase", 7, 8, 2);

        assertThat(misdirected).hasValue(0);
        assertThat(run.count("token", 200)).isPositive();
        assertThat(run.count("token", 503)).isPositive();
        // what each of the 8 connections had in flight when the phase ended is not counted
        assertThat(run.count("token", 200) + run.count("token", 503)).isBetween(shoppersAsking.size() - 8L, (long) shoppersAsking.size());
        assertThat(run.count("purchase", 202)).isBetween(shoppersBuying.size() - 8L, (long) shoppersBuying.size())
                .isBetween(run.count("token", 200) - 8, run.count("token", 200));
        assertThat(shoppersAsking).allMatch(user -> Long.parseLong(user) >= FIRST_USER);
        assertThat(run.timeouts()).isZero();
        assertThat(run.errors()).isZero();
        assertThat(run.answers()).isEqualTo(run.statuses().values().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    void answerTimesAreFromTheRequestToItsAnswer() throws IOException {
        CrowdRun run = new Crowd(url, null, FIRST_USER).run("browse", 8, 4, 2);

        // 4 connections, 300 ms an answer, 2 s: 6 or 7 answers each
        assertThat(run.count("browse", 200)).isBetween(16L, 28L);
        assertThat(run.percentileMs(0.01)).isGreaterThanOrEqualTo(300);
        assertThat(run.percentileMs(0.99)).isLessThan(1_000);
        assertThat(run.seconds()).isBetween(2.0, 2.5);
        assertThat(run.driverCores()).isBetween(0.0, 1.0);
    }

    @Test
    void aRequestWithoutAnAnswerWithinTheTimeoutIsCountedAndItsConnectionOpenedAgain() throws IOException {
        CrowdRun run = new Crowd(url, null, FIRST_USER, Duration.ofMillis(400)).run("browse", 9, 3, 2);

        assertThat(run.answers()).isZero();
        // each connection times out about every 400 ms (checked every 100 ms), then asks again
        assertThat(run.timeouts()).isBetween(6L, 15L);
    }

    private static String user(HttpExchange exchange) {
        String jwt = exchange.getRequestHeaders().getFirst("Authorization").substring("Bearer ".length());
        String claims = new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]), StandardCharsets.UTF_8);
        Matcher sub = SUB.matcher(claims);
        return sub.find() ? sub.group(1) : "";
    }

    private static void answer(HttpExchange exchange, int status, String json, boolean chunked) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, chunked ? 0 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static void pause(Duration time) {
        try {
            Thread.sleep(time.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
