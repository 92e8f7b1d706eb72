package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.seckill.common.redis.SeckillKeys;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The gateway's defenses against the running system with its default per-user and per-activity limits
 * (./seckill test raises the per-IP limit only, as every request here comes from one machine).
 */
class GatewayDefensesIT {

    private static final SeckillSystem system = new SeckillSystem();

    @AfterAll
    static void close() {
        system.close();
    }

    private static String purchasePath(long activityId, String path) {
        return "/api/seckill/" + activityId + "/" + path;
    }

    private static void assertProblem(SeckillSystem.Response response, int status, String code) {
        assertThat(response.status()).as(response.raw()).isEqualTo(status);
        assertThat(response.body().path("code").asText()).as(response.raw()).isEqualTo(code);
    }

    private long ordersOf(long userId, long activityId) {
        return system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE user_id = ? AND activity_id = ?", userId, activityId);
    }

    @Test
    void oneUserAtFiftyRequestsASecondGets429sAndAtMostOneOrderWhileAnotherUserBuys() throws Exception {
        long activityId = system.createActivity(10);
        long flooder = SeckillSystem.uniqueId();
        String flooderToken = system.token(flooder, false);
        long neighbour = flooder + 1;
        String neighbourToken = system.token(neighbour, false);

        Map<Integer, Integer> statuses = new TreeMap<>();
        List<SeckillSystem.Response> limited = new ArrayList<>();
        int accepted = 0;
        for (int i = 0; i < 100; i++) {
            SeckillSystem.Response path = system.call("POST", "/api/seckill/" + activityId + "/token", flooderToken, null);
            SeckillSystem.Response answer = path;
            if (path.status() == 200) {
                answer = system.call("POST", purchasePath(activityId, path.body().get("path").asText()), flooderToken, null);
            }
            statuses.merge(answer.status(), 1, Integer::sum);
            if (answer.status() == 429) {
                limited.add(answer);
            }
            if (answer.status() == 202) {
                accepted++;
            }
            if (i == 50) {
                // Mid-flood, same second, same address: another shopper is not slowed down.
                SeckillSystem.Response path2 = system.call("POST", "/api/seckill/" + activityId + "/token", neighbourToken, null);
                assertThat(path2.status()).as(path2.raw()).isEqualTo(200);
                SeckillSystem.Response bought = system.call("POST",
                        purchasePath(activityId, path2.body().get("path").asText()), neighbourToken, null);
                assertThat(bought.status()).as(bought.raw()).isEqualTo(202);
            }
            Thread.sleep(20);
        }

        assertThat(limited).as("answers by status %s", statuses).isNotEmpty();
        assertThat(limited).allSatisfy(answer -> {
            assertThat(answer.body().path("code").asText()).isEqualTo("RATE_LIMITED");
            assertThat(answer.headers().firstValue("Retry-After")).hasValueSatisfying(v -> assertThat(v).matches("[1-9][0-9]*"));
        });
        assertThat(statuses.keySet()).as("answers by status %s", statuses).isSubsetOf(202, 409, 429);
        assertThat(accepted).isLessThanOrEqualTo(1);
        await().atMost(Duration.ofSeconds(30)).until(() -> ordersOf(neighbour, activityId) == 1);
        await().atMost(Duration.ofSeconds(30)).until(() -> system.redis.hlen(SeckillKeys.outbox(activityId)) == 0);
        assertThat(ordersOf(flooder, activityId)).isLessThanOrEqualTo(1).isEqualTo(accepted);
    }

    @Test
    void theSamePathReplayedFiftyTimesConcurrentlyBuysOnce() throws Exception {
        long activityId = system.createActivity(10);
        long userId = SeckillSystem.uniqueId();
        String token = system.token(userId, false);
        SeckillSystem.Response issued = system.call("POST", "/api/seckill/" + activityId + "/token", token, null);
        assertThat(issued.status()).as(issued.raw()).isEqualTo(200);
        String purchase = purchasePath(activityId, issued.body().get("path").asText());

        ExecutorService pool = Executors.newFixedThreadPool(50);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<SeckillSystem.Response>> futures = new ArrayList<>();
        try {
            for (int i = 0; i < 50; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return system.call("POST", purchase, token, null);
                }));
            }
            start.countDown();
            Map<String, Integer> answers = new TreeMap<>();
            for (Future<SeckillSystem.Response> future : futures) {
                SeckillSystem.Response response = future.get(60, TimeUnit.SECONDS);
                answers.merge(response.status() + " " + response.body().path("code").asText(), 1, Integer::sum);
            }

            assertThat(answers).as("answers %s", answers).containsEntry("202 QUEUED", 1);
            assertThat(answers.keySet()).as("answers %s", answers).isSubsetOf("202 QUEUED", "403 BAD_PATH", "429 RATE_LIMITED");
        } finally {
            pool.shutdownNow();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> ordersOf(userId, activityId) == 1);
        assertThat(system.redis.get(SeckillKeys.stock(activityId))).isEqualTo("9");
    }

    @Test
    void blacklistingAShopperMidSaleBlocksTheirNextRequestAndRemovingThemRestoresAccess() throws Exception {
        long activityId = system.createActivity(10);
        long userId = SeckillSystem.uniqueId();
        String token = system.token(userId, false);
        String admin = system.token(SeckillSystem.uniqueId(), true);
        SeckillSystem.Response issued = system.call("POST", "/api/seckill/" + activityId + "/token", token, null);
        assertThat(issued.status()).as(issued.raw()).isEqualTo(200);
        String purchase = purchasePath(activityId, issued.body().get("path").asText());

        SeckillSystem.Response added = system.call("POST", "/api/admin/blacklist", admin,
                "{\"userId\":" + userId + ",\"reason\":\"scripted buying\"}");
        assertThat(added.status()).as(added.raw()).isEqualTo(201);
        long entryId = added.body().get("id").asLong();

        await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(50))
                .until(() -> system.call("GET", "/api/orders", token, null).status() == 403);
        assertProblem(system.call("POST", purchase, token, null), 403, "BLOCKED");
        assertProblem(system.call("POST", "/api/seckill/" + activityId + "/token", token, null), 403, "BLOCKED");
        assertThat(system.call("GET", "/api/admin/blacklist", admin, null).raw()).contains("\"id\":" + entryId);
        assertThat(ordersOf(userId, activityId)).isZero();

        assertThat(system.call("DELETE", "/api/admin/blacklist/" + entryId, admin, null).status()).isEqualTo(204);
        await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(50))
                .until(() -> system.call("GET", "/api/orders", token, null).status() == 200);
        // Blocked requests never reached the path check: the path issued before the block still buys.
        SeckillSystem.Response bought = system.call("POST", purchase, token, null);
        assertThat(bought.status()).as(bought.raw()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> ordersOf(userId, activityId) == 1);
    }

    @Test
    void captchaActivitySellsOnlyAgainstTheRightAnswerAndEachAnswerWorksOnce() {
        long activityId = system.createActivity(5, true);
        long userId = SeckillSystem.uniqueId();
        String token = system.token(userId, false);
        String askPath = "/api/seckill/" + activityId + "/token";

        SeckillSystem.BinaryResponse image = system.getBytes("/api/seckill/" + activityId + "/captcha", token);
        assertThat(image.status()).isEqualTo(200);
        assertThat(image.contentType()).isEqualTo("image/png");
        assertThat(image.body()).startsWith(0x89, 'P', 'N', 'G');
        String right = system.redis.get(SeckillKeys.captcha(activityId, userId));
        assertProblem(system.call("POST", askPath, token, "{\"captcha\":\"" + (Integer.parseInt(right) + 1) + "\"}"),
                403, "BAD_CAPTCHA");
        assertProblem(system.call("POST", askPath, token, "{\"captcha\":\"" + right + "\"}"), 403, "BAD_CAPTCHA");
        assertProblem(system.call("POST", askPath, token, null), 403, "BAD_CAPTCHA");

        assertThat(system.getBytes("/api/seckill/" + activityId + "/captcha", token).status()).isEqualTo(200);
        String fresh = system.redis.get(SeckillKeys.captcha(activityId, userId));
        SeckillSystem.Response issued = system.call("POST", askPath, token, "{\"captcha\":\"" + fresh + "\"}");
        assertThat(issued.status()).as(issued.raw()).isEqualTo(200);
        assertProblem(system.call("POST", askPath, token, "{\"captcha\":\"" + fresh + "\"}"), 403, "BAD_CAPTCHA");
        SeckillSystem.Response bought = system.call("POST", purchasePath(activityId, issued.body().get("path").asText()), token, null);
        assertThat(bought.status()).as(bought.raw()).isEqualTo(202);

        long plain = system.createActivity(5, false);
        assertProblem(system.call("GET", "/api/seckill/" + plain + "/captcha", token, null), 404, "NOT_FOUND");
        assertProblem(system.call("GET", "/api/seckill/" + activityId + "/captcha", null, null), 401, "UNAUTHENTICATED");
    }
}
