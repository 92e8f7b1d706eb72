package com.seckill.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** The compose/prod profile starts only with a JWT secret of its own, never the one published in the source. */
class DevelopmentSecretIT {

    private static final String DEVELOPMENT_SECRET = "local-dev-secret-change-me-0123456789abcdef";

    private static ConfigurableApplicationContext start(String secret) {
        return new SpringApplicationBuilder(GatewayApplication.class)
                .profiles("compose")
                // Command-line arguments: above application.yml, like the environment variable in production.
                .run("--server.port=0",
                        // No Nacos server on a test machine; discovery is beside the point here.
                        "--spring.cloud.nacos.discovery.enabled=false",
                        "--spring.data.redis.port=" + EchoService.deadPort(),
                        "--seckill.gateway.jwt.secret=" + secret);
    }

    @Test
    void composeProfileRefusesToStartWithTheDevelopmentSecret() {
        assertThatThrownBy(() -> start(DEVELOPMENT_SECRET).close())
                .rootCause().hasMessageContaining("development default");
    }

    @Test
    void composeProfileRefusesToStartWithoutASecret() {
        assertThatThrownBy(() -> start("").close())
                .rootCause().hasMessageContaining("SECKILL_GATEWAY_JWT_SECRET");
    }

    @Test
    void composeProfileStartsWithASecretOfItsOwn() {
        try (ConfigurableApplicationContext context = start("a-real-deployment-secret-of-forty-bytes!!")) {
            assertThat(context.isRunning()).isTrue();
        }
    }
}
