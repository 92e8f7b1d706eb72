package com.seckill.gateway;

import static com.seckill.gateway.GatewayIT.expectProblem;
import static com.seckill.gateway.GatewayIT.randomId;
import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.test.TestInfra;
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

/** The gateway with Redis unreachable and the demo login switched off, as in a broken or production setup. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class GatewayWithoutRedisIT {

    private static final EchoService services = EchoService.start();

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        // The test database (made by TestInfra: a fresh machine has no other), and a Redis that is not there.
        TestInfra.springProperties().forEach((name, value) -> {
            if (!name.startsWith("spring.data.redis.")) {
                registry.add(name, () -> value);
            }
        });
        registry.add("spring.data.redis.host", () -> "127.0.0.1");
        registry.add("spring.data.redis.port", EchoService::deadPort);
        registry.add("spring.cloud.discovery.client.simple.instances.seckill-service[0].uri", services::uri);
        registry.add("seckill.gateway.demo-token.enabled", () -> "false");
        registry.add("management.server.port", () -> "0");
    }

    @AfterAll
    static void stopServices() {
        services.stop();
    }

    @Autowired
    WebTestClient web;

    @Autowired
    JwtTokens tokens;

    @Test
    void purchaseIsRefusedFastAsBusyAndNeverRouted() {
        String purchase = "/api/seckill/" + randomId() + "/somePath";
        String token = tokens.issue(randomId(), false);
        // The first call also pays for class loading and JIT in this fresh JVM; the second shows the steady state.
        expectProblem(web.post().uri(purchase).headers(h -> h.setBearerAuth(token)).exchange(), 503, "BUSY");
        long started = System.nanoTime();

        expectProblem(web.post().uri(purchase).headers(h -> h.setBearerAuth(token)).exchange(), 503, "BUSY");

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
        assertThat(services.count("POST", purchase)).isZero();
    }

    @Test
    void otherRoutesKeepWorkingWithoutRedis() {
        web.get().uri("/api/activities").exchange().expectStatus().isOk();
    }

    @Test
    void healthStaysUpWithoutRedis() {
        web.get().uri("/actuator/health").exchange().expectStatus().isOk();
    }

    @Test
    void demoTokenIsNotFoundWhenSwitchedOff() {
        expectProblem(web.post().uri("/api/auth/demo-token").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"userId\":10001}").exchange(), 404, "NOT_FOUND");
    }
}
