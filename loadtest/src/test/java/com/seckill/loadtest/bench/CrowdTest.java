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
import java.util.Map;
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
 * the same request again after a 503 BUSY, the purchase with the path its own token was given), what it counts and how it times answers, chunked
 * or sized, slow or never coming.
 */
class CrowdTest {

    private static final Pattern SUB = Pattern.compile("\"sub\":\"(\\d+)\"");
    private static final long FIRST_USER = 5_000;

    /** Path requests and purchases by shopper. */
    private final Map<String, AtomicInteger> asks = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> buys = new ConcurrentHashMap<>();
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
        // by shopper: a path at once (chunked, as Spring answers JSON); 503 BUSY (with a length) to the first
        // ask and a path to the second; 410 SOLD_OUT. A purchase: 503 BUSY the first time for every other
        // shopper given a path at once, then 202
        server.createContext("/api/seckill/7/", exchange -> {
            String user = user(exchange);
            long id = Long.parseLong(user);
            String action = exchange.getRequestURI().getPath().substring("/api/seckill/7/".length());
            if (action.equals("token")) {
                int ask = asks.computeIfAbsent(user, u -> new AtomicInteger()).incrementAndGet();
                if (ask > (id % 3 == 1 ? 2 : 1)) {
                    misdirected.incrementAndGet(); // asked again without being told BUSY: the crowd reuses users
                }
                if (id % 3 == 2) {
                    answer(exchange, 410, "{\"code\":\"SOLD_OUT\"}", false);
                } else if (id % 3 == 1 && ask == 1) {
                    answer(exchange, 503, "{\"code\":\"BUSY\"}", false);
                } else {
                    answer(exchange, 200, "{\"path\":\"p" + user + "\",\"expiresInSeconds\":60}", true);
                }
            } else {
                int buy = buys.computeIfAbsent(user, u -> new AtomicInteger()).incrementAndGet();
                boolean busyFirst = id % 6 == 0;
                if (!action.equals("p" + user) || buy > (busyFirst ? 2 : 1)) {
                    misdirected.incrementAndGet(); // another's path, or a purchase again after an answer
                }
                if (busyFirst && buy == 1) {
                    answer(exchange, 503, "{\"code\":\"BUSY\"}", false);
                } else {
                    answer(exchange, 202, "{\"orderId\":1}", false);
                }
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
    void eachShopperAsksUntilAnsweredOtherThanBusyAndBuysWithThePathItsOwnTokenWasGiven() throws IOException {
        CrowdRun run = new Crowd(url, null, FIRST_USER).run("purchase", 7, 8, 2);

        assertThat(misdirected).hasValue(0);
        assertThat(run.count("token", 200)).isPositive();
        assertThat(run.count("token", 410)).isPositive();
        assertThat(run.count("purchase", 503)).isPositive();
        // every shopper told BUSY asked again; what each of the 8 connections had in flight at the end is not counted
        long toldBusy = asks.entrySet().stream().filter(e -> Long.parseLong(e.getKey()) % 3 == 1).count();
        long askedAgain = asks.entrySet().stream().filter(e -> e.getValue().get() == 2).count();
        assertThat(run.count("token", 503)).isBetween(toldBusy - 8, toldBusy);
        assertThat(askedAgain).isBetween(toldBusy - 8, toldBusy).isPositive();
        long asked = asks.values().stream().mapToLong(AtomicInteger::get).sum();
        assertThat(run.count("token", 200) + run.count("token", 503) + run.count("token", 410)).isBetween(asked - 8, asked);
        long bought = buys.values().stream().mapToLong(AtomicInteger::get).sum();
        assertThat(run.count("purchase", 202) + run.count("purchase", 503)).isBetween(bought - 8, bought);
        assertThat(run.count("purchase", 202)).isBetween(run.count("token", 200) - 8, run.count("token", 200));
        assertThat(asks.keySet()).allMatch(user -> Long.parseLong(user) >= FIRST_USER);
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
