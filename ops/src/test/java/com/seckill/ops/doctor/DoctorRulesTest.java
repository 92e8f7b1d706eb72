package com.seckill.ops.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The doctor's rules that need no server: secrets by profile, the pay timeout it looks for, its line format. */
class DoctorRulesTest {

    private static JsonNode facts(String json) throws Exception {
        return new ObjectMapper().readTree(json);
    }

    @Test
    void aDevelopmentSecretFailsOutsideTheLocalProfileOnly() throws Exception {
        Check outside = Services.secrets("order-service",
                facts("{\"profiles\":[\"compose\"],\"localProfile\":false,\"developmentSecrets\":{\"trust\":true}}"));
        Check local = Services.secrets("order-service",
                facts("{\"profiles\":[\"local\"],\"localProfile\":true,\"developmentSecrets\":{\"trust\":true}}"));
        Check own = Services.secrets("gateway-service",
                facts("{\"profiles\":[\"compose\"],\"localProfile\":false,\"developmentSecrets\":{\"trust\":false,\"jwt\":false}}"));

        assertThat(outside.level()).isEqualTo(Check.Level.FAIL);
        assertThat(outside.detail()).contains("trust").contains("SECKILL_TRUST_SECRET");
        assertThat(local.level()).isEqualTo(Check.Level.OK);
        assertThat(own.level()).isEqualTo(Check.Level.OK);
    }

    @Test
    void aServiceThatSaysNothingAboutItsProfileIsNotTakenForLocal() throws Exception {
        Check check = Services.secrets("payment-service", facts("{\"developmentSecrets\":{\"trust\":true}}"));

        assertThat(check.level()).isEqualTo(Check.Level.FAIL);
    }

    @Test
    void thePayTimeoutIsReadAsTheServicesReadIt() {
        assertThat(new Target(Map.of()).payTimeout()).isEqualTo(Duration.ofMinutes(15));
        assertThat(new Target(Map.of("SECKILL_ORDER_PAYTIMEOUT", "8s")).payTimeout()).isEqualTo(Duration.ofSeconds(8));
        assertThat(new Target(Map.of("SECKILL_ORDER_PAYTIMEOUT", "1500ms")).payTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(new Target(Map.of("SECKILL_ORDER_PAYTIMEOUT", "2h")).payTimeout()).isEqualTo(Duration.ofHours(2));
        assertThat(new Target(Map.of("SECKILL_ORDER_PAYTIMEOUT", "900000")).payTimeout()).isEqualTo(Duration.ofMinutes(15));
        assertThat(new Target(Map.of("SECKILL_ORDER_PAYTIMEOUT", "PT20S")).payTimeout()).isEqualTo(Duration.ofSeconds(20));
    }

    @Test
    void aLineStartsWithItsLevelSoScriptsCanGrepIt() {
        assertThat(Check.fail("MySQL reachable", "127.0.0.1:1: refused").line()).startsWith("FAIL  MySQL reachable ");
        assertThat(Check.ok("Clock skew", "spread 3 ms").line()).startsWith("OK    Clock skew ");
    }
}
