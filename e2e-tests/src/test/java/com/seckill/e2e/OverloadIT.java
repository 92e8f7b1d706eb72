package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.seckill.common.redis.SeckillKeys;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * contract §11 on the running system: a crowd at once, many times what the gateway lets through, is
 * partly shed (503 BUSY with Retry-After, counted in seckill_gateway_shed_total), and shedding loses no
 * accepted purchase: shoppers who wait as told and try again buy exactly the stock, every 202 settles
 * SUCCESS, and no answer is a 5xx other than 503.
 */
class OverloadIT {

    private static final int STOCK = 300;
    private static final int SHOPPERS = 2_000;
    private static final int AT_ONCE = 600;
    private static final Pattern SHED = Pattern.compile(
            "seckill_gateway_shed_total\\{[^}]*reason=\"concurrency\"[^}]*\\} ([0-9.E]+)");
    private static final SeckillSystem system = new SeckillSystem();

    @AfterAll
    static void close() {
        system.close();
    }

    private static double shedSoFar() {
        SeckillSystem.Response metrics = system.callDirect(9080, "GET", "/actuator/prometheus", Map.of(), null);
        double total = 0;
        for (Matcher m = SHED.matcher(metrics.raw()); m.find(); ) {
            total += Double.parseDouble(m.group(1));
        }
        return total;
    }

    @Test
    void aCrowdBeyondTheLimitIsPartlyShedAndBuysExactlyTheStockLosingNothingAccepted() throws Exception {
        long activityId = system.createActivity(STOCK);
        Shoppers shoppers = new Shoppers(system, SHOPPERS);
        double shedBefore = shedSoFar();
        Queue<SeckillSystem.Response> busy = new ConcurrentLinkedQueue<>();

        List<Shoppers.Attempt> attempts = shoppers.buyAtOnce(activityId, AT_ONCE, true, busy::add);

        Map<Integer, Long> byStatus = new TreeMap<>();
        attempts.forEach(a -> byStatus.merge(a.status(), 1L, Long::sum));
        System.out.printf("overload: final answers by status %s, 503 BUSY met on the way %d%n", byStatus, busy.size());
        assertThat(byStatus.keySet()).as("final answers %s", byStatus).isSubsetOf(202, 410, 429, 503);
        assertThat(busy).allSatisfy(answer -> {
            assertThat(answer.body().path("code").asText()).as(answer.raw()).isEqualTo("BUSY");
            assertThat(answer.headers().firstValue("Retry-After")).as(answer.raw()).hasValueSatisfying(v -> assertThat(v).matches("[1-9][0-9]*"));
        });
        assertThat(shedSoFar() - shedBefore).as("requests shed by the gateway's concurrency limit").isPositive();

        assertThat(byStatus.get(202)).isEqualTo(STOCK);
        Map<String, String> outcomes = shoppers.settle(attempts, Duration.ofSeconds(60));
        assertThat(outcomes.values()).as("every 202 settles").containsOnly("SUCCESS").hasSize(STOCK);
        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isEqualTo(STOCK);
        assertThat(system.queryLong("SELECT COUNT(DISTINCT user_id) FROM seckill_order WHERE activity_id = ?", activityId))
                .isEqualTo(STOCK);
        assertThat(system.redis.get(SeckillKeys.stock(activityId))).isEqualTo("0");
        await().atMost(Duration.ofSeconds(20)).until(() -> system.redis.hlen(SeckillKeys.outbox(activityId)) == 0);
    }
}
