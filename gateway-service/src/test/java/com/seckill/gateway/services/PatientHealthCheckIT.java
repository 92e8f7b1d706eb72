package com.seckill.gateway.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.seckill.common.test.TestInfra;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.client.ReactorResourceFactory;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.netty.resources.LoopResources;

/**
 * How the gateway's load balancer judges readiness checks (PatientHealthCheck), on an instance of
 * seckill-service of the test's own whose readiness can be made to hang or to say not ready: silent,
 * it keeps its place for three rounds (a busy instance's probe waits behind its requests); not ready,
 * it leaves at the next round; ready again, it comes back. Its probes are not queued behind the gateway's own
 * event loops: a ready instance keeps its place while they are all busy.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class PatientHealthCheckIT {

    private static final Duration INTERVAL = Duration.ofSeconds(1);
    private static final Instance seckill = new Instance();

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        TestInfra.springProperties().forEach((name, value) -> registry.add(name, () -> value));
        String instances = "spring.cloud.discovery.client.simple.instances.";
        for (String service : new String[] {"seckill-service", "order-service", "payment-service"}) {
            registry.add(instances + service + "[0].uri", seckill::uri);
        }
        registry.add("spring.cloud.loadbalancer.health-check.interval", INTERVAL::toString);
        // the instances are fetched once: no refetch restarts a round of checks under way
        registry.add("spring.cloud.loadbalancer.health-check.refetch-instances-interval", () -> "10m");
        registry.add("management.server.port", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "0");
    }

    @AfterAll
    static void stopInstance() {
        seckill.stop();
    }

    @Autowired
    WebTestClient web;

    @Autowired
    ReactorResourceFactory resources;

    @LocalServerPort
    int port;

    @Test
    void aSilentInstanceKeepsItsPlaceForThreeRoundsAndOneNotReadyLeavesAtOnce(CapturedOutput output) {
        await().atMost(Duration.ofSeconds(20)).until(() -> status() == 200);

        seckill.readiness = Readiness.SILENT;
        long silentSince = System.nanoTime();
        // two rounds of checks go unanswered (each waits 3/4 of the interval, the next comes an interval
        // later): still routed, every time; a check that dropped it at once would by now
        while (System.nanoTime() - silentSince < INTERVAL.multipliedBy(7).dividedBy(2).toNanos()) {
            assertThat(status()).as("routed while its readiness is silent for less than three rounds").isEqualTo(200);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> status() == 503);
        assertThat(Duration.ofNanos(System.nanoTime() - silentSince)).as("silent three rounds in a row before it left")
                .isGreaterThanOrEqualTo(INTERVAL.multipliedBy(7).dividedBy(2));
        for (int i = 0; i < 20; i++) {
            assertThat(status()).isEqualTo(503);
        }
        // said once, when it left; not once per request refused for want of an instance
        assertThat(output.getOut()).containsOnlyOnce("seckill-service " + seckill.uri() + " left the rotation: its readiness went unanswered")
                .doesNotContain("No servers available");

        seckill.readiness = Readiness.READY;
        await().atMost(Duration.ofSeconds(10)).until(() -> status() == 200);

        seckill.readiness = Readiness.NOT_READY;
        long notReadySince = System.nanoTime();
        await().atMost(Duration.ofSeconds(10)).until(() -> status() == 503);
        assertThat(Duration.ofNanos(System.nanoTime() - notReadySince)).as("not ready: out at the next round")
                .isLessThan(INTERVAL.multipliedBy(2).plusMillis(500));
    }

    /**
     * A gateway started cold under a crowd takes longer than a probe's wait to go round its connections. Its
     * event loops are held here for four rounds of checks (until four rounds of probes reached the instance): the
     * probes run on a loop of their own, so the ready instance keeps its place. On the shared loops no probe was
     * even sent, and the instance left after three rounds.
     */
    @Test
    void aReadyInstanceKeepsItsPlaceWhileTheGatewaysEventLoopsAreBusy(CapturedOutput output) throws Exception {
        seckill.readiness = Readiness.READY;
        await().atMost(Duration.ofSeconds(20)).until(() -> status() == 200);
        int logged = output.getOut().length();
        EventLoopGroup loops = resources.getLoopResources().onServer(LoopResources.DEFAULT_NATIVE);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger held = new AtomicInteger();
        loops.forEach(loop -> loop.execute(() -> {
            held.incrementAndGet();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        try {
            long loopCount = StreamSupport.stream(loops.spliterator(), false).count();
            await().atMost(Duration.ofSeconds(5)).until(() -> held.get() >= loopCount);
            assertThatGatewayDoesNotAnswer();
            // the three services' load balancers all probe this one instance: three probes a round
            int probed = seckill.probes.get();
            await("four rounds of probes answered while the gateway's loops are busy").atMost(Duration.ofSeconds(20))
                    .until(() -> seckill.probes.get() >= probed + 4 * 3);
        } finally {
            release.countDown();
        }
        // this instance's: other tests' contexts, cached in the same JVM, log theirs as their stand-ins stop
        assertThat(output.getOut().substring(logged)).doesNotContain(seckill.uri() + " left the rotation");
        assertThat(status()).as("still in the rotation").isEqualTo(200);
    }

    /** The premise: the loops held are the ones the gateway answers on. */
    private void assertThatGatewayDoesNotAnswer() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/activities/1"))
                .timeout(Duration.ofMillis(500)).build();
        try {
            HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.discarding());
            throw new AssertionError("the gateway answered while its event loops were held");
        } catch (HttpTimeoutException expected) {
            // nothing answers on the held loops
        }
    }

    private int status() {
        return web.get().uri("/api/activities/1").exchange().returnResult(String.class).getStatus().value();
    }

    enum Readiness { READY, SILENT, NOT_READY }

    /** An instance whose readiness says what the test sets; everything else it answers at once. */
    static final class Instance {

        private final HttpServer server;
        private final ExecutorService threads = Executors.newCachedThreadPool();
        volatile Readiness readiness = Readiness.READY;
        final AtomicInteger probes = new AtomicInteger();

        Instance() {
            try {
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            server.setExecutor(threads);
            server.createContext("/actuator/health/readiness", this::readiness);
            server.createContext("/", exchange -> answer(exchange, 200,
                    exchange.getRequestURI().getPath().equals("/api/activities") ? "[]" : "{\"id\":1}"));
            server.start();
        }

        private void readiness(HttpExchange exchange) throws IOException {
            probes.incrementAndGet();
            long since = System.nanoTime();
            while (readiness == Readiness.SILENT && System.nanoTime() - since < TimeUnit.SECONDS.toNanos(30)) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            answer(exchange, readiness == Readiness.READY ? 200 : 503, "{\"status\":\"" + readiness + "\"}");
        }

        private static void answer(HttpExchange exchange, int status, String json) throws IOException {
            exchange.getRequestBody().readAllBytes();
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }

        String uri() {
            return "http://127.0.0.1:" + server.getAddress().getPort();
        }

        void stop() {
            server.stop(0);
            threads.shutdownNow();
        }
    }
}
