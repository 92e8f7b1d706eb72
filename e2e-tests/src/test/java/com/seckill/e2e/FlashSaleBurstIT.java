package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.seckill.common.redis.SeckillKeys;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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

    record Attempt(long userId, String token, int status, String requestId, String code) {
    }

    @Test
    void aThousandShoppersForAHundredUnitsBuyExactlyAHundred() throws Exception {
        long activityId = system.createActivity(STOCK);
        long firstUser = SeckillSystem.uniqueId();
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < SHOPPERS; i++) {
            tokens.add(system.token(firstUser + i, false));
        }

        List<Attempt> attempts = burst(activityId, firstUser, tokens);

        Map<Integer, Long> byStatus = new ConcurrentHashMap<>();
        attempts.forEach(a -> byStatus.merge(a.status(), 1L, Long::sum));
        List<String> unexpected = attempts.stream().filter(a -> a.status() != 202 && a.status() != 410)
                .map(a -> a.status() + " " + a.code()).toList();
        assertThat(byStatus.keySet()).as("answers by status %s, unexpected %s", byStatus, unexpected)
                .containsAnyOf(202).isSubsetOf(202, 410);
        List<Attempt> accepted = attempts.stream().filter(a -> a.status() == 202).toList();
        assertThat(accepted).hasSizeGreaterThanOrEqualTo(STOCK);

        Map<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();
        for (Attempt attempt : accepted) {
            JsonNode result = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                    .until(() -> system.call("GET", "/api/seckill/result/" + attempt.requestId(), attempt.token(), null).body(),
                            body -> !"QUEUED".equals(body.path("status").asText()));
            outcomes.computeIfAbsent(result.path("status").asText(), k -> new AtomicInteger()).incrementAndGet();
        }
        assertThat(outcomes.get("SUCCESS")).as("outcomes %s", outcomes).hasValue(STOCK);
        assertThat(outcomes.keySet()).isSubsetOf("SUCCESS", "FAIL");

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

    private List<Attempt> burst(long activityId, long firstUser, List<String> tokens) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(200);
        List<Future<Attempt>> futures = new ArrayList<>();
        try {
            for (int i = 0; i < SHOPPERS; i++) {
                long userId = firstUser + i;
                String token = tokens.get(i);
                futures.add(pool.submit(() -> {
                    start.await();
                    SeckillSystem.Response path = system.call("POST", "/api/seckill/" + activityId + "/token", token, null);
                    if (path.status() != 200) {
                        return new Attempt(userId, token, path.status(), null, "token: " + path.raw());
                    }
                    SeckillSystem.Response purchase = system.call("POST",
                            "/api/seckill/" + activityId + "/" + path.body().get("path").asText(), token, null);
                    return new Attempt(userId, token, purchase.status(), purchase.body().path("requestId").asText(null),
                            "purchase: " + purchase.raw());
                }));
            }
            start.countDown();
            List<Attempt> attempts = new ArrayList<>();
            for (Future<Attempt> future : futures) {
                attempts.add(future.get(120, TimeUnit.SECONDS));
            }
            return attempts;
        } finally {
            pool.shutdownNow();
        }
    }
}
