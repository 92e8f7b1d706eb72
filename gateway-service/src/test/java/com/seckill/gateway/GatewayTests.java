package com.seckill.gateway;

import com.seckill.common.test.TestInfra;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.web.reactive.server.WebTestClient;

/** What the gateway's integration tests share: problem assertions, fresh ids and addresses, wiring to the echo. */
public final class GatewayTests {

    private GatewayTests() {
    }

    /** Real Redis (db 1) and every route pointed at {@code services}. */
    public static void wire(DynamicPropertyRegistry registry, EchoService services) {
        wire(registry, services, services::uri);
    }

    /** Real Redis (db 1); seckill and order routes to {@code services}, payment routes to {@code payments}. */
    public static void wire(DynamicPropertyRegistry registry, EchoService services, Supplier<Object> payments) {
        TestInfra.springProperties().forEach((name, value) -> registry.add(name, () -> value));
        String instances = "spring.cloud.discovery.client.simple.instances.";
        registry.add(instances + "seckill-service[0].uri", services::uri);
        registry.add(instances + "order-service[0].uri", services::uri);
        registry.add(instances + "payment-service[0].uri", payments);
        registry.add("seckill.gateway.demo-token.enabled", () -> "true");
        // several test contexts live at once: each its own management port
        registry.add("management.server.port", () -> "0");
    }

    public static void expectProblem(WebTestClient.ResponseSpec response, int status, String code) {
        response.expectStatus().isEqualTo(HttpStatus.valueOf(status))
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.status").isEqualTo(status)
                .jsonPath("$.code").isEqualTo(code)
                .jsonPath("$.title").isNotEmpty()
                .jsonPath("$.detail").isNotEmpty()
                .jsonPath("$.trace").doesNotExist();
    }

    public static long randomId() {
        return ThreadLocalRandom.current().nextLong(1_000_000, 1_000_000_000_000L);
    }

    /** An address from the benchmarking range 198.18.0.0/15, fresh for each test. */
    public static String randomAddress() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return "198." + (18 + random.nextInt(2)) + "." + random.nextInt(256) + "." + random.nextInt(1, 255);
    }
}
