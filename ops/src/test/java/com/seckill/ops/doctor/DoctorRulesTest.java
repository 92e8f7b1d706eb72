package com.seckill.ops.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
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

    @Test
    void aGuardAServiceReportsMissingFailsAndOneThatCannotTellFailsToo() throws Exception {
        JsonNode payment = facts("{\"guards\":{\"payment.uk_payment_order\":true}}");
        Check allThere = ReportedState.guards(Map.of("order-service", facts("{\"guards\":{\"seckill_order.uk_order_no\":true}}"),
                "payment-service", payment));
        Check missing = ReportedState.guards(Map.of("order-service", facts("{\"guards\":{\"seckill_order.uk_order_no\":false}}"),
                "payment-service", payment));
        Check unreadable = ReportedState.guards(Map.of("order-service", facts("{\"guardsError\":\"Connection refused\"}"),
                "payment-service", payment));
        Check silent = ReportedState.guards(Map.of("payment-service", payment));

        assertThat(allThere.level()).isEqualTo(Check.Level.OK);
        assertThat(allThere.detail()).contains("seckill_order.uk_order_no", "payment.uk_payment_order");
        assertThat(missing.level()).isEqualTo(Check.Level.FAIL);
        assertThat(missing.detail()).contains("missing: [seckill_order.uk_order_no]");
        assertThat(unreadable.level()).isEqualTo(Check.Level.FAIL);
        assertThat(unreadable.detail()).contains("order-service: Connection refused");
        assertThat(silent.level()).isEqualTo(Check.Level.FAIL);
        assertThat(silent.detail()).contains("order-service did not answer");
    }

    @Test
    void aSaleSeckillServiceReportsNotSellableFailsAndStockApartWarns() throws Exception {
        List<Check> fine = ReportedState.sales(facts("{\"sales\":[{\"activityId\":9,\"sellable\":true,\"redisStock\":6,"
                + "\"dbStock\":7,\"inFlight\":1}]}"));
        List<Check> cold = ReportedState.sales(facts("{\"sales\":[{\"activityId\":9,\"sellable\":false,\"redisStock\":null,"
                + "\"dbStock\":7,\"inFlight\":0},{\"activityId\":8,\"sellable\":true,\"redisStock\":3,\"dbStock\":7,\"inFlight\":1}]}"));
        List<Check> unreported = ReportedState.sales(facts("{\"profiles\":[\"local\"]}"));

        assertThat(fine).extracting(Check::level).containsOnly(Check.Level.OK);
        assertThat(fine.get(0).detail()).startsWith("1 on sale");
        assertThat(cold.get(0).level()).isEqualTo(Check.Level.FAIL);
        assertThat(cold.get(0).detail()).contains("not sellable from Redis: 9");
        assertThat(cold.get(1).level()).isEqualTo(Check.Level.WARN);
        assertThat(cold.get(1).detail()).contains("8 (Redis 3, MySQL 7, in flight 1)");
        assertThat(unreported).singleElement().satisfies(check -> {
            assertThat(check.level()).isEqualTo(Check.Level.FAIL);
            assertThat(check.detail()).contains("reports no sales");
        });
        assertThat(ReportedState.sales(null)).singleElement().extracting(Check::level).isEqualTo(Check.Level.FAIL);
    }
}
