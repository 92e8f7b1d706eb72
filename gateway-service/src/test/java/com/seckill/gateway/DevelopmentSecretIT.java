package com.seckill.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.seckill.common.test.TestInfra;
import com.seckill.common.trust.InternalTokens;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The compose/prod profile starts only with secrets of its own (the JWT key, the internal signing key),
 * never the ones published in the source.
 */
class DevelopmentSecretIT {

    private static final String DEVELOPMENT_SECRET = "local-dev-secret-change-me-0123456789abcdef";

    private static final String OWN_TRUST_SECRET = "a-real-internal-signing-key-of-forty-bytes!!";

    private static ConfigurableApplicationContext start(String secret) {
        return start(secret, OWN_TRUST_SECRET);
    }

    private static ConfigurableApplicationContext start(String secret, String trustSecret) {
        Map<String, String> infra = TestInfra.springProperties();
        return new SpringApplicationBuilder(GatewayApplication.class)
                .profiles("compose")
                // Command-line arguments: above application.yml, like the environment variable in production.
                // The test database: a fresh machine has no other (the compose profile's own points at the compose network).
                .run("--server.port=0", "--management.server.port=0",
                        "--spring.datasource.url=" + infra.get("spring.datasource.url"),
                        "--spring.datasource.username=" + infra.get("spring.datasource.username"),
                        "--spring.datasource.password=" + infra.get("spring.datasource.password"),
                        // No Nacos server on a test machine; discovery is beside the point here.
                        "--spring.cloud.nacos.discovery.enabled=false",
                        "--spring.data.redis.port=" + EchoService.deadPort(),
                        "--seckill.gateway.jwt.secret=" + secret,
                        "--seckill.trust.secret=" + trustSecret);
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
    void composeProfileRefusesTheDevelopmentInternalSigningKeyOrNone() {
        String jwt = "a-real-deployment-secret-of-forty-bytes!!";
        assertThatThrownBy(() -> start(jwt, InternalTokens.DEVELOPMENT_SECRET).close())
                .rootCause().hasMessageContaining("development default");
        assertThatThrownBy(() -> start(jwt, "").close())
                .rootCause().hasMessageContaining("SECKILL_TRUST_SECRET");
    }

    @Test
    void composeProfileStartsWithASecretOfItsOwn() {
        try (ConfigurableApplicationContext context = start("a-real-deployment-secret-of-forty-bytes!!")) {
            assertThat(context.isRunning()).isTrue();
        }
    }
}
