package com.seckill.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.test.TestInfra;
import com.seckill.gateway.auth.JwtTokens;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * What the gateway sends again (docs/contract.md §2-§3, several instances): a read that met a server error is tried
 * again, on another instance when there is one; a POST that reached a service is never sent twice (a
 * purchase or a payment must not happen twice), whatever it was answered.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RetriesIT {

    private static final EchoService services = EchoService.start();
    /** order-service in trouble: every request answered 500. */
    private static final EchoService orders = EchoService.startFailing();

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        TestInfra.springProperties().forEach((name, value) -> registry.add(name, () -> value));
        String instances = "spring.cloud.discovery.client.simple.instances.";
        registry.add(instances + "seckill-service[0].uri", services::uri);
        registry.add(instances + "order-service[0].uri", orders::uri);
        registry.add(instances + "payment-service[0].uri", services::uri);
        registry.add("management.server.port", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-user", () -> "0");
    }

    @AfterAll
    static void stopServices() {
        services.stop();
        orders.stop();
    }

    @Autowired
    WebTestClient web;

    @Autowired
    JwtTokens tokens;

    @Test
    void aReadThatMetAServerErrorIsTriedAgainAndAPostThatWasSentIsNever() {
        String token = tokens.issue(GatewayTests.randomId(), false);
        long orderId = GatewayTests.randomId();

        web.get().uri("/api/orders/" + orderId).headers(h -> h.setBearerAuth(token))
                .exchange().expectStatus().is5xxServerError();
        web.post().uri("/api/orders/" + orderId + "/cancel").headers(h -> h.setBearerAuth(token))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{}")
                .exchange().expectStatus().is5xxServerError();

        assertThat(orders.count("GET", "/api/orders/" + orderId)).as("the read, sent again twice").isEqualTo(3);
        assertThat(orders.count("POST", "/api/orders/" + orderId + "/cancel")).as("the POST, sent once").isEqualTo(1);
    }
}
