package com.seckill.gateway.overload;

import static com.seckill.gateway.GatewayTests.expectProblem;
import static com.seckill.gateway.GatewayTests.randomId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.seckill.common.test.TestInfra;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.gateway.auth.JwtTokens;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * contract §11 at the gateway, against services that hold their requests, answer sold out, or reset
 * the connection: what is beyond a service's concurrency limit is answered 503 BUSY with Retry-After at
 * once and never reaches it, a sale seen sold out is answered by the gateway, a reset is a 503 and
 * never a 500 (the pace of a connection's refusals: RefusalPaceIT).
 * The limits are pinned to 3 here (minimum = maximum) so what is shed is exact.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OverloadIT {

    private static final int LIMIT = 3;
    private static final long SOLD_OUT_ACTIVITY = 424242;
    private static final HeldService seckill = HeldService.answering(
            path -> path.equals("/api/seckill/" + SOLD_OUT_ACTIVITY + "/token") ? 410 : 200);
    private static final ResettingService orders = new ResettingService();

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        TestInfra.springProperties().forEach((name, value) -> registry.add(name, () -> value));
        String instances = "spring.cloud.discovery.client.simple.instances.";
        registry.add(instances + "seckill-service[0].uri", seckill::uri);
        registry.add(instances + "order-service[0].uri", orders::uri);
        registry.add(instances + "payment-service[0].uri", seckill::uri);
        registry.add("management.server.port", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-user", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-activity", () -> "0");
        registry.add("seckill.gateway.overload.initial-limit", () -> LIMIT);
        registry.add("seckill.gateway.overload.min-limit", () -> LIMIT);
        registry.add("seckill.gateway.overload.max-limit", () -> LIMIT);
        registry.add("seckill.gateway.overload.shed-pause", () -> "400ms");
        // long enough for a slow test machine to send its next requests within it
        registry.add("seckill.gateway.overload.sold-out-for", () -> "4s");
    }

    @AfterAll
    static void stopServices() {
        seckill.stop();
        orders.stop();
    }

    @Autowired
    WebTestClient web;
    @Autowired
    JwtTokens tokens;
    @Autowired
    PurchasePaths paths;
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
    void requestsBeyondTheLimitAreShedWithRetryAfterAndNeverReachTheService() {
        fillTheSeckillTier();
        int before = seckill.received();

        for (int i = 0; i < 5; i++) {
            WebTestClient.ResponseSpec answer = web.get().uri("/api/activities/" + randomId()).exchange();
            answer.expectHeader().valueEquals("Retry-After", "1");
            expectProblem(answer, 503, "BUSY");
        }

        assertThat(seckill.received()).isEqualTo(before);
        seckill.release();
        await().atMost(Duration.ofSeconds(10)).until(() -> seckill.inFlight() == 0);
        web.get().uri("/api/activities/" + randomId()).exchange().expectStatus().isOk();
    }

    @Test
    void aPurchaseIsNotShedBehindTheCrowdAskingForPaths() {
        fillTheSeckillTier();
        long userId = randomId();
        long activityId = randomId();
        String purchase = "/api/seckill/" + activityId + "/" + paths.issue(activityId, userId, Instant.now().plusSeconds(60));
        WebClient client = WebClient.create("http://127.0.0.1:" + port);

        seckill.keep(client.post().uri(purchase).headers(h -> h.setBearerAuth(tokens.issue(userId, false)))
                .retrieve().toBodilessEntity().subscribe());

        await().atMost(Duration.ofSeconds(10)).until(() -> seckill.inFlight() == LIMIT + 1);
    }

    @Test
    void anOperatorsRequestIsNotShedBehindTheShoppersCrowd() {
        fillTheSeckillTier();
        WebClient client = WebClient.create("http://127.0.0.1:" + port);
        String admin = tokens.issue(randomId(), true);
        String shopper = tokens.issue(randomId(), false);
        expectProblem(web.post().uri("/api/seckill/" + randomId() + "/token").headers(h -> h.setBearerAuth(shopper)).exchange(),
                503, "BUSY");

        seckill.keep(client.post().uri("/api/admin/activities/" + randomId() + "/stock").headers(h -> h.setBearerAuth(admin))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"add\":10}").retrieve().toBodilessEntity().subscribe());

        await().atMost(Duration.ofSeconds(10)).until(() -> seckill.inFlight() == LIMIT + 1);
    }

    @Test
    void aWaitingRoomsCrowdIsShedApartFromThePathsItAdmittedAndToldToComeBackLater() {
        seckill.hold();
        WebClient client = WebClient.create("http://127.0.0.1:" + port);
        long activityId = randomId();
        String queue = "/api/seckill/" + activityId + "/queue";
        for (int i = 0; i < LIMIT; i++) {
            String token = tokens.issue(randomId(), false);
            seckill.keep(client.get().uri(queue).headers(h -> h.setBearerAuth(token)).retrieve().toBodilessEntity().subscribe());
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> seckill.inFlight() == LIMIT);
        int before = seckill.received(queue);

        java.util.Set<String> told = new java.util.TreeSet<>();
        for (int i = 0; i < 12; i++) {
            String token = tokens.issue(randomId(), false);
            WebTestClient.ResponseSpec polled = web.get().uri(queue).headers(h -> h.setBearerAuth(token)).exchange();
            expectProblem(polled, 503, "BUSY");
            polled.expectHeader().value("Retry-After", told::add);
            WebTestClient.ResponseSpec joined = web.post().uri(queue).headers(h -> h.setBearerAuth(token)).exchange();
            expectProblem(joined, 503, "BUSY");
            joined.expectHeader().value("Retry-After", told::add);
        }
        // a poll without a ticket cannot be answered from the room's figures: refused at the connection, before
        // authentication (which would have answered this one, with no bearer token, 401)
        expectProblem(web.get().uri(queue).exchange(), 503, "BUSY");
        assertThat(seckill.received(queue)).as("nothing shed reached seckill-service").isEqualTo(before);
        // queue-retry-after 2 s: from 2 to 4 s, spread, never the 1 s of the rest
        assertThat(told).isSubsetOf("2", "3", "4").hasSizeGreaterThan(1);

        // the queue's tier is full: an admitted shopper's path request still goes through
        long userId = randomId();
        seckill.keep(client.post().uri("/api/seckill/" + activityId + "/token").headers(h -> h.setBearerAuth(tokens.issue(userId, false)))
                .retrieve().toBodilessEntity().subscribe());
        await().atMost(Duration.ofSeconds(10)).until(() -> seckill.inFlight() == LIMIT + 1);
    }

    @Test
    void aSaleAnsweredSoldOutIsAnsweredSoByTheGatewayForAMoment() {
        String token = tokens.issue(randomId(), false);
        String path = "/api/seckill/" + SOLD_OUT_ACTIVITY + "/token";
        web.post().uri(path).headers(h -> h.setBearerAuth(token)).exchange().expectStatus().isEqualTo(410);
        int reached = seckill.received();

        for (int i = 0; i < 5; i++) {
            expectProblem(web.post().uri(path).headers(h -> h.setBearerAuth(token)).exchange(), 410, "SOLD_OUT");
        }

        assertThat(seckill.received()).as("answered by the gateway").isEqualTo(reached);
        web.post().uri("/api/seckill/" + randomId() + "/token").headers(h -> h.setBearerAuth(token)).exchange()
                .expectStatus().isOk();
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            web.post().uri(path).headers(h -> h.setBearerAuth(token)).exchange().expectStatus().isEqualTo(410);
            assertThat(seckill.received()).as("asked again once the moment passed").isGreaterThan(reached);
        });
    }

    @Test
    void aWaitingRoomsPollsAreAnsweredSoldOutByTheGatewayOnceSeckillServiceSaidSo() {
        long activityId = randomId();
        String queue = "/api/seckill/" + activityId + "/queue";
        seckill.soldOutPolls(queue);
        String token = tokens.issue(randomId(), false);
        web.get().uri(queue).headers(h -> h.setBearerAuth(token)).exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.status").isEqualTo("SOLD_OUT");
        int reached = seckill.received(queue);

        for (int i = 0; i < 5; i++) {
            String other = tokens.issue(randomId(), false);
            web.get().uri(queue).headers(h -> h.setBearerAuth(other)).exchange().expectStatus().isOk()
                    .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
                    .expectBody().jsonPath("$.status").isEqualTo("SOLD_OUT");
        }

        assertThat(seckill.received(queue)).as("the crowd's polls answered by the gateway").isEqualTo(reached);
        // a poll of another sale still reaches seckill-service
        String elsewhere = "/api/seckill/" + randomId() + "/queue";
        web.get().uri(elsewhere).headers(h -> h.setBearerAuth(token)).exchange().expectStatus().isOk();
        assertThat(seckill.received(elsewhere)).isEqualTo(1);
    }

    @Test
    void aServiceThatResetsTheConnectionIsBusyNeverAnInternalError() {
        String token = tokens.issue(randomId(), false);

        WebTestClient.ResponseSpec read = web.get().uri("/api/orders/" + randomId()).headers(h -> h.setBearerAuth(token)).exchange();
        read.expectHeader().exists("Retry-After");
        expectProblem(read, 503, "BUSY");
        expectProblem(web.post().uri("/api/orders/" + randomId() + "/cancel").headers(h -> h.setBearerAuth(token))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{}").exchange(), 503, "BUSY");
        assertThat(orders.resets()).isPositive();
    }
}
