package com.seckill.gateway.overload;

import static com.seckill.gateway.GatewayTests.randomId;
import static org.awaitility.Awaitility.await;

import com.seckill.common.test.TestInfra;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntSupplier;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * A service that answers what {@code statusOf} says, and holds every request until {@link #release()}
 * while held: a test sees exactly how many requests are in flight at the service at once.
 */
public final class HeldService {

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(64);
    private final Function<String, Integer> statusOf;
    private volatile String catalog = "[]";
    private volatile IntSupplier catalogStatus = () -> 200;
    private volatile String soldOutPoll;
    private final AtomicInteger received = new AtomicInteger();
    private final AtomicInteger catalogReads = new AtomicInteger();
    private final java.util.Queue<String> paths = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final java.util.Queue<Disposable> sent = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile CountDownLatch hold = new CountDownLatch(0);

    private HeldService(Function<String, Integer> statusOf) {
        this.statusOf = statusOf;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/", this::answer);
        server.start();
    }

    public static HeldService answering(Function<String, Integer> statusOf) {
        return new HeldService(statusOf);
    }

    /** The gateway's test infrastructure, with this service standing in for every inner service, metrics on a port of their own. */
    public void standInForEveryService(DynamicPropertyRegistry registry) {
        TestInfra.springProperties().forEach((name, value) -> registry.add(name, () -> value));
        for (String service : java.util.List.of("seckill-service", "order-service", "payment-service")) {
            registry.add("spring.cloud.discovery.client.simple.instances." + service + "[0].uri", this::uri);
        }
        registry.add("management.server.port", () -> "0");
    }

    /** {@code GET path} answers as seckill-service answers a waiting room's poll once its sale is sold out. */
    public void soldOutPolls(String path) {
        this.soldOutPoll = path;
    }

    /** What {@code GET /api/activities} answers (the gateway reads which activities have a waiting room). */
    public void catalog(String json) {
        this.catalog = json;
    }

    /** The status each read of the catalog is answered with (200 unless told). */
    public void catalogStatus(IntSupplier status) {
        this.catalogStatus = status;
    }

    void hold() {
        hold = new CountDownLatch(1);
    }

    void release() {
        hold.countDown();
    }

    /** A request sent through the gateway that this service will hold: let go of by {@link #releaseAll()}. */
    void keep(Disposable request) {
        sent.add(request);
    }

    /** Holds {@code count} reads of the catalog sent through the gateway at {@code gatewayPort}: their tier is full. */
    void fillWithCatalogReads(int gatewayPort, int count) {
        fillWith(gatewayPort, count, client -> client.get().uri("/api/activities/" + randomId()).retrieve().toBodilessEntity());
    }

    /** Holds {@code count} of the {@code request}s sent through the gateway at {@code gatewayPort}: their tier is full. */
    public void fillWith(int gatewayPort, int count, Function<WebClient, Mono<?>> request) {
        hold();
        WebClient client = WebClient.create("http://127.0.0.1:" + gatewayPort);
        for (int i = 0; i < count; i++) {
            keep(request.apply(client).subscribe());
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> inFlight() == count);
    }

    /**
     * Lets every held request go, waits until none is in flight and every kept request has its answer, and drops
     * them: one cancelled while its answer was on the way would leave the client a buffer it never releases.
     */
    public void releaseAll() {
        release();
        await().atMost(Duration.ofSeconds(10)).until(() -> inFlight() == 0 && sent.stream().allMatch(Disposable::isDisposed));
        sent.clear();
    }

    /** Requests received (probes and catalog reads aside) whose path is {@code path}. */
    public int received(String path) {
        return (int) paths.stream().filter(path::equals).count();
    }

    /** Requests received (probes and catalog reads aside) whose path starts with {@code prefix}. */
    public int receivedUnder(String prefix) {
        return (int) paths.stream().filter(path -> path.startsWith(prefix)).count();
    }

    /** How many times the catalog was read. */
    public int catalogReads() {
        return catalogReads.get();
    }

    int received() {
        return received.get();
    }

    int inFlight() {
        return inFlight.get();
    }

    public String uri() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public void stop() {
        release();
        server.stop(0);
        threads.shutdownNow();
    }

    private void answer(HttpExchange exchange) throws IOException {
        exchange.getRequestBody().readAllBytes();
        String path = exchange.getRequestURI().getRawPath();
        boolean probe = path.startsWith("/actuator/") || path.equals("/api/activities");
        if (path.equals("/api/activities")) {
            catalogReads.incrementAndGet();
        }
        if (!probe) {
            received.incrementAndGet();
            paths.add(path);
            inFlight.incrementAndGet();
        }
        try {
            if (!probe) {
                hold.await(30, TimeUnit.SECONDS);
            }
            int status = path.equals("/api/activities") ? catalogStatus.getAsInt() : probe ? 200 : statusOf.apply(path);
            boolean soldOutAnswer = path.equals(soldOutPoll) && exchange.getRequestMethod().equals("GET");
            if (soldOutAnswer) {
                exchange.getResponseHeaders().set(com.seckill.common.web.Headers.SOLD_OUT, "true");
            }
            String text = path.equals("/api/activities") ? catalog
                    : soldOutAnswer ? "{\"status\":\"SOLD_OUT\"}"
                    : status == 410 ? "{\"status\":410,\"code\":\"SOLD_OUT\"}" : "{\"path\":\"" + path + "\"}";
            byte[] body = text.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", status >= 400 ? "application/problem+json" : "application/json");
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (!probe) {
                inFlight.decrementAndGet();
            }
        }
    }
}
