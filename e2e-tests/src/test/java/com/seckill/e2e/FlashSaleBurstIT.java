package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.seckill.common.redis.SeckillKeys;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A thousand shoppers at once for a hundred units, through the gateway of the running system:
 * exactly the stock is sold, one unit per user, and every accepted request settles.
 */
class FlashSaleBurstIT {

    private static final int STOCK = 100;
    private static final int SHOPPERS = 1_000;

    private static final SeckillSystem system = new SeckillSystem();

    @AfterAll
    static void close() {
        system.close();
    }

    @Test
    void aThousandShoppersForAHundredUnitsBuyExactlyAHundred() throws Exception {
        long activityId = system.createActivity(STOCK);
        Shoppers shoppers = new Shoppers(system, SHOPPERS);

        List<Shoppers.Attempt> attempts = shoppers.buyAtOnce(activityId);

        Map<Integer, Long> byStatus = new TreeMap<>();
        attempts.forEach(a -> byStatus.merge(a.status(), 1L, Long::sum));
        List<String> unexpected = attempts.stream().filter(a -> a.status() != 202 && a.status() != 410)
                .map(Shoppers.Attempt::answer).toList();
        assertThat(byStatus.keySet()).as("answers by status %s, unexpected %s", byStatus, unexpected)
                .containsAnyOf(202).isSubsetOf(202, 410);
        assertThat(byStatus.get(202)).isGreaterThanOrEqualTo(STOCK);

        Map<String, String> outcomes = shoppers.settle(attempts, Duration.ofSeconds(60));
        Map<String, Long> counts = new TreeMap<>();
        outcomes.values().forEach(o -> counts.merge(o, 1L, Long::sum));
        assertThat(counts.keySet()).as("outcomes %s", counts).isSubsetOf("SUCCESS", "FAIL");
        assertThat(counts.get("SUCCESS")).isEqualTo(STOCK);

        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isEqualTo(STOCK);
        assertThat(system.queryLong("SELECT COUNT(DISTINCT user_id) FROM seckill_order WHERE activity_id = ?", activityId))
                .isEqualTo(STOCK);
        assertThat(system.queryLong("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isZero();
        assertThat(system.redis.get(SeckillKeys.stock(activityId))).isEqualTo("0");
        await().atMost(Duration.ofSeconds(20)).until(() -> system.redis.hlen(SeckillKeys.outbox(activityId)) == 0);
        assertThat(system.redis.scard(SeckillKeys.users(activityId))).isEqualTo(STOCK);
        JsonNode stats = system.call("GET", "/api/admin/activities/" + activityId + "/stats",
                system.token(SeckillSystem.uniqueId(), true), null).body();
        assertThat(stats.path("consistent").asBoolean()).as("stats %s", stats).isTrue();
    }
}
