package com.seckill.gateway.overload;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A shopper's client that keeps its connections alive (the JDK's HttpClient, as a browser does) and is refused
 * again and again: every request gets its answer within a second (the shed pause is the default 500 ms). A
 * refused request's body that came after its refusal used to end the connection's reading, and the next
 * request sent on it waited for nothing (the attack run of issue 43: 6 and 11 of 60 requests unanswered).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class KeepAliveRefusalsIT {

    private static final int LIMIT = 2;
    private static final int REQUESTS = 60;
    private static final HeldService seckill = HeldService.answering(path -> 200);

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        seckill.standInForEveryService(registry);
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "0");
        registry.add("seckill.gateway.overload.initial-limit", () -> LIMIT);
        registry.add("seckill.gateway.overload.min-limit", () -> LIMIT);
        registry.add("seckill.gateway.overload.max-limit", () -> LIMIT);
    }

    @AfterAll
    static void stopService() {
        seckill.releaseAll();
        seckill.stop();
    }

    @LocalServerPort
    int port;

    @Test
    void everyRequestOfAKeepAliveClientRefusedAgainAndAgainIsAnsweredWithinASecond() throws Exception {
        seckill.fillWithCatalogReads(port, LIMIT);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        ExecutorService shoppers = Executors.newFixedThreadPool(10);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < REQUESTS; i++) {
                answers.add(shoppers.submit(() -> {
                    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/seckill/1/token"))
                            .timeout(Duration.ofSeconds(1)).header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{}")).build();
                    try {
                        return String.valueOf(client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode());
                    } catch (java.net.http.HttpTimeoutException e) {
                        return "no answer within 1 s";
                    }
                }));
            }
            List<String> statuses = new ArrayList<>();
            for (Future<String> answer : answers) {
                statuses.add(answer.get());
            }

            assertThat(statuses).as("every request answered, refused (the tier is full)").hasSize(REQUESTS).allMatch("503"::equals);
        } finally {
            shoppers.shutdownNow();
        }
    }
}
