package com.seckill.gateway.overload;

import static com.seckill.gateway.GatewayTests.randomId;
import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.test.TestInfra;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.gateway.auth.JwtTokens;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * A request that changes something, sent to its service and never answered (the service paused past the
 * gateway's response timeout), is answered 503 with {@code outcome: UNKNOWN}: it may have been done. A read
 * so treated, or a change that never reached its service, is a plain 503 BUSY (nothing was done).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class UnknownOutcomeIT {

    /** seckill-service paused: it takes every request and answers none while held. */
    private static final HeldService seckill = HeldService.answering(path -> 200);

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        TestInfra.springProperties().forEach((name, value) -> registry.add(name, () -> value));
        String instances = "spring.cloud.discovery.client.simple.instances.";
        registry.add(instances + "seckill-service[0].uri", seckill::uri);
        // nothing listens there: a change refused before it was sent
        registry.add(instances + "order-service[0].uri", () -> "http://127.0.0.1:9");
        registry.add(instances + "payment-service[0].uri", seckill::uri);
        registry.add("management.server.port", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-user", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-activity", () -> "0");
        registry.add("spring.cloud.gateway.server.webflux.httpclient.response-timeout", () -> "1s");
    }

    @AfterAll
    static void stop() {
        seckill.stop();
    }

    @Autowired
    WebTestClient web;
    @Autowired
    JwtTokens tokens;
    @Autowired
    PurchasePaths paths;

    @Test
    void aPurchaseSentAndUnansweredMayHaveBeenDoneAReadOrARefusedConnectionWasNot() {
        WebTestClient client = web.mutate().responseTimeout(Duration.ofSeconds(30)).build();
        long userId = randomId();
        long activityId = randomId();
        String token = tokens.issue(userId, false);
        String path = paths.issue(activityId, userId, java.time.Instant.now().plusSeconds(60));
        seckill.hold();
        try {
            client.post().uri("/api/seckill/" + activityId + "/" + path).headers(h -> h.setBearerAuth(token)).exchange()
                    .expectStatus().isEqualTo(503)
                    .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
                    .expectBody()
                    .jsonPath("$.code").isEqualTo("BUSY")
                    .jsonPath("$.outcome").isEqualTo("UNKNOWN")
                    .jsonPath("$.detail").value(detail -> assertThat((String) detail).contains("may have been done"));
            client.get().uri("/api/activities/" + randomId()).headers(h -> h.setBearerAuth(token)).exchange()
                    .expectStatus().isEqualTo(503)
                    .expectBody()
                    .jsonPath("$.code").isEqualTo("BUSY")
                    .jsonPath("$.outcome").doesNotExist();
        } finally {
            seckill.release();
        }
        client.post().uri("/api/orders/" + randomId() + "/cancel").headers(h -> h.setBearerAuth(token))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{}").exchange()
                .expectStatus().isEqualTo(503)
                .expectBody()
                .jsonPath("$.code").isEqualTo("BUSY")
                .jsonPath("$.outcome").doesNotExist();
    }
}
