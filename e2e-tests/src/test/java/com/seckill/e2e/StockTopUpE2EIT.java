package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.seckill.common.redis.SeckillKeys;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Stock added to a live sale through the gateway of the running system, while a crowd is buying
 * (issue 26): exactly the stock plus the units added is sold, one unit per user, and Redis, MySQL and
 * the orders agree afterwards.
 */
class StockTopUpE2EIT {

    private static final int STOCK = 300;
    private static final int ADDED = 200;
    private static final int WAVE = 800;

    private static final SeckillSystem system = new SeckillSystem();

    @AfterAll
    static void close() {
        system.close();
    }

    @Test
    void aTopUpMidBurstSellsExactlyTheStockPlusTheUnitsAdded() throws Exception {
        long activityId = system.createActivity(STOCK);
        String admin = system.token(SeckillSystem.uniqueId(), true);
        Shoppers first = new Shoppers(system, WAVE);

        CompletableFuture<List<Shoppers.Attempt>> burst = CompletableFuture.supplyAsync(() -> {
            try {
                return first.buyAtOnce(activityId, 200, true, answer -> { });
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        // mid-burst: once a third of the units are gone, and well before they all are
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20)).until(() -> {
            String left = system.redis.get(SeckillKeys.stock(activityId));
            return left != null && Integer.parseInt(left) <= STOCK * 2 / 3;
        });
        SeckillSystem.Response added = system.call("POST", "/api/admin/activities/" + activityId + "/stock", admin,
                "{\"add\":" + ADDED + "}");
        assertThat(added.status()).as(added.raw()).isEqualTo(200);
        assertThat(added.body().path("stockTotal").asInt()).isEqualTo(STOCK + ADDED);

        List<Shoppers.Attempt> attempts = new ArrayList<>(burst.get());
        // whatever the first crowd left, later shoppers buy, until Redis has nothing left
        for (int wave = 0; wave < 4 && !"0".equals(system.redis.get(SeckillKeys.stock(activityId))); wave++) {
            attempts.addAll(new Shoppers(system, WAVE).buyAtOnce(activityId, 200, true, answer -> { }));
        }
        Map<Integer, Long> byStatus = new TreeMap<>();
        attempts.forEach(a -> byStatus.merge(a.status(), 1L, Long::sum));
        System.out.printf("top-up burst answers by status: %s%n", byStatus);
        assertThat(byStatus.keySet()).as("answers %s", byStatus).isSubsetOf(202, 410, 503);

        Map<String, String> outcomes = new Shoppers(system, 0).settle(attempts, Duration.ofSeconds(60));
        Map<String, Long> counts = new TreeMap<>();
        outcomes.values().forEach(o -> counts.merge(o, 1L, Long::sum));
        assertThat(counts.keySet()).as("outcomes %s", counts).isSubsetOf("SUCCESS", "FAIL");
        assertThat(counts.get("SUCCESS")).isEqualTo((long) STOCK + ADDED);

        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isEqualTo(STOCK + ADDED);
        assertThat(system.queryLong("SELECT COUNT(DISTINCT user_id) FROM seckill_order WHERE activity_id = ?", activityId))
                .isEqualTo(STOCK + ADDED);
        assertThat(system.queryLong("SELECT stock_total FROM seckill_activity WHERE id = ?", activityId)).isEqualTo(STOCK + ADDED);
        assertThat(system.queryLong("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isZero();
        assertThat(system.redis.get(SeckillKeys.stock(activityId))).isEqualTo("0");
        await().atMost(Duration.ofSeconds(20)).until(() -> system.redis.hlen(SeckillKeys.outbox(activityId)) == 0);
        JsonNode stats = system.call("GET", "/api/admin/activities/" + activityId + "/stats", admin, null).body();
        assertThat(stats.path("consistent").asBoolean()).as("stats %s", stats).isTrue();
        assertThat(stats.path("stockTotal").asInt()).isEqualTo(STOCK + ADDED);
        JsonNode audit = system.call("GET", "/api/admin/audit", admin, null).body();
        assertThat(audit.toString()).contains("stock.add");
    }
}
