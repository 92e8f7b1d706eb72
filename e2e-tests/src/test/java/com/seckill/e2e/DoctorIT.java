package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * {@code ./seckill doctor} (contract §4), run the way an operator runs it before a sale: against
 * the running system it passes; pointed at a deployment with something wrong, the line for that
 * thing says FAIL and the exit status says so too.
 */
class DoctorIT {

    private static final Duration LIMIT = Duration.ofMinutes(3);
    private static final SeckillSystem system = new SeckillSystem();

    @AfterAll
    static void close() {
        system.close();
    }

    private static Launcher.Outcome doctor(Map<String, String> settings) throws Exception {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(settings);
        return Launcher.exec(LIMIT, env, Launcher.ROOT.resolve("seckill").toString(), "doctor");
    }

    private static List<String> lines(Launcher.Outcome outcome, String level) {
        return outcome.output().lines().filter(line -> line.startsWith(level + " ")).toList();
    }

    @Test
    void theRunningSystemPassesEveryCheck() throws Exception {
        system.createActivity(10);

        Launcher.Outcome outcome = doctor(Map.of());

        assertThat(lines(outcome, "FAIL")).as(outcome.output()).isEmpty();
        assertThat(outcome.exit()).as(outcome.output()).isZero();
        assertThat(lines(outcome, "OK")).as(outcome.output())
                .anyMatch(line -> line.contains("MySQL reachable"))
                .anyMatch(line -> line.contains("Redis reachable"))
                .anyMatch(line -> line.contains("RabbitMQ reachable"))
                .anyMatch(line -> line.contains("Schema and its unique indexes"))
                .anyMatch(line -> line.contains("Activities warmed up"))
                .anyMatch(line -> line.contains("gateway-service healthy"))
                .anyMatch(line -> line.contains("seckill-service healthy"))
                .anyMatch(line -> line.contains("order-service healthy"))
                .anyMatch(line -> line.contains("payment-service healthy"))
                .anyMatch(line -> line.contains("Queue seckill.order.create ") && line.contains("consumer"))
                .anyMatch(line -> line.contains("Blacklist on"))
                .anyMatch(line -> line.contains("Clock skew"))
                .anyMatch(line -> line.contains("payment-service secrets") && line.contains("callback"))
                .anyMatch(line -> line.contains("gateway-service secrets") && line.contains("jwt"));
        assertThat(outcome.output()).as("the activity just created is on sale, so counted")
                .containsPattern("Activities warmed up\\s+[1-9][0-9]* on sale");
    }

    @Test
    void anUnreachableDatabaseAndAServiceDownFailWithANonZeroExit() throws Exception {
        Launcher.Outcome outcome = doctor(Map.of("SECKILL_DB_PORT", "1", "SECKILL_DOCTOR_ORDER_URL", "http://127.0.0.1:1"));

        assertThat(outcome.exit()).as(outcome.output()).isEqualTo(1);
        assertThat(lines(outcome, "FAIL")).as(outcome.output())
                .anyMatch(line -> line.contains("MySQL reachable") && line.contains(":1"))
                .anyMatch(line -> line.contains("order-service healthy"));
        assertThat(lines(outcome, "OK")).as("what is fine is still reported fine: " + outcome.output())
                .anyMatch(line -> line.contains("Redis reachable"))
                .anyMatch(line -> line.contains("seckill-service healthy"));
    }

    @Test
    void aSeckillServiceThatDoesNotReportItsSalesFailsTheWarmUpCheck() throws Exception {
        // payment-service answers in its place: healthy, but it keeps no sale, so it reports none
        Launcher.Outcome outcome = doctor(Map.of("SECKILL_DOCTOR_SECKILL_URL", "http://127.0.0.1:8083"));

        assertThat(outcome.exit()).as(outcome.output()).isEqualTo(1);
        assertThat(lines(outcome, "FAIL")).as(outcome.output())
                .anyMatch(line -> line.contains("Activities warmed up") && line.contains("reports no sales"));
        assertThat(lines(outcome, "OK")).as("the guards are still read from their owners: " + outcome.output())
                .anyMatch(line -> line.contains("Schema and its unique indexes") && line.contains("payment.uk_payment_order"));
    }
}
