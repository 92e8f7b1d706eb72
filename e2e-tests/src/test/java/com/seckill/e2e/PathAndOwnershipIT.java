package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.seckill.common.redis.SeckillKeys;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** One-time paths, ownership and bad input, through the gateway of the running system. */
class PathAndOwnershipIT {

    private static final SeckillSystem system = new SeckillSystem();

    @AfterAll
    static void close() {
        system.close();
    }

    private String path(long activityId, String token) {
        SeckillSystem.Response response = system.call("POST", "/api/seckill/" + activityId + "/token", token, null);
        assertThat(response.status()).as(response.raw()).isEqualTo(200);
        return response.body().get("path").asText();
    }

    private SeckillSystem.Response buy(long activityId, String path, String token) {
        return system.call("POST", "/api/seckill/" + activityId + "/" + path, token, null);
    }

    private static void assertProblem(SeckillSystem.Response response, int status, String code) {
        assertThat(response.status()).as(response.raw()).isEqualTo(status);
        assertThat(response.body().path("code").asText()).as(response.raw()).isEqualTo(code);
        assertThat(response.raw()).doesNotContain("Exception", "at com.", "at org.");
    }

    @Test
    void aPathIsGoodForOnePurchaseByItsOwnerOnActivityOnly() {
        long activityId = system.createActivity(10);
        long otherActivity = system.createActivity(10);
        long owner = SeckillSystem.uniqueId();
        long thief = owner + 1;
        String ownerToken = system.token(owner, false);
        String thiefToken = system.token(thief, false);

        String ownersPath = path(activityId, ownerToken);
        assertProblem(buy(activityId, ownersPath, thiefToken), 403, "BAD_PATH");
        assertProblem(buy(otherActivity, ownersPath, ownerToken), 403, "BAD_PATH");
        assertProblem(buy(activityId, "forgedPath123", ownerToken), 403, "BAD_PATH");
        assertThat(buy(activityId, ownersPath, ownerToken).status()).isEqualTo(202);
        assertProblem(buy(activityId, ownersPath, ownerToken), 403, "BAD_PATH");

        // an expired path is a deleted key: the same answer
        String thiefsPath = path(activityId, thiefToken);
        system.redis.del(SeckillKeys.path(activityId, thief));
        assertProblem(buy(activityId, thiefsPath, thiefToken), 403, "BAD_PATH");

        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE user_id = ?", thief)).isZero();
        assertThat(system.redis.sismember(SeckillKeys.users(activityId), String.valueOf(thief))).isFalse();
        assertThat(system.redis.get(SeckillKeys.stock(activityId))).isEqualTo("9");
        assertThat(system.redis.get(SeckillKeys.stock(otherActivity))).isEqualTo("10");
    }

    @Test
    void ordersAndResultsAreVisibleToTheirOwnerOnly() {
        long activityId = system.createActivity(5);
        long owner = SeckillSystem.uniqueId();
        String ownerToken = system.token(owner, false);
        String otherToken = system.token(owner + 1, false);

        SeckillSystem.Response accepted = buy(activityId, path(activityId, ownerToken), ownerToken);
        assertThat(accepted.status()).isEqualTo(202);
        assertThat(accepted.body().path("code").asText()).isEqualTo("QUEUED");
        String requestId = accepted.body().get("requestId").asText();
        JsonNode result = await().atMost(Duration.ofSeconds(30))
                .until(() -> system.call("GET", "/api/seckill/result/" + requestId, ownerToken, null).body(),
                        body -> "SUCCESS".equals(body.path("status").asText()));
        long orderId = result.get("orderId").asLong();

        SeckillSystem.Response mine = system.call("GET", "/api/orders/" + orderId, ownerToken, null);
        assertThat(mine.status()).isEqualTo(200);
        assertThat(mine.body().path("activityId").asLong()).isEqualTo(activityId);
        assertThat(mine.body().path("status").asText()).isEqualTo("PENDING");
        assertThat(system.call("GET", "/api/orders", ownerToken, null).body().size()).isEqualTo(1);
        assertProblem(system.call("GET", "/api/orders/" + orderId, otherToken, null), 404, "NOT_FOUND");
        assertProblem(system.call("GET", "/api/seckill/result/" + requestId, otherToken, null), 404, "NOT_FOUND");
        assertProblem(buy(activityId, path(activityId, ownerToken), ownerToken), 409, "DUPLICATE");
    }

    @Test
    void badInputThroughTheGatewayIsA4xxProblemAndWritesNothing() {
        long activities = system.queryLong("SELECT COUNT(*) FROM seckill_activity");
        String admin = system.token(SeckillSystem.uniqueId(), true);
        String shopper = system.token(SeckillSystem.uniqueId(), false);

        assertProblem(system.call("POST", "/api/admin/activities", admin, "{garbage"), 400, "BAD_REQUEST");
        assertProblem(system.call("POST", "/api/admin/activities", admin, "{\"stock\":-1}"), 400, "BAD_REQUEST");
        assertProblem(system.call("POST", "/api/admin/activities", shopper, "{}"), 403, "FORBIDDEN");
        assertProblem(system.call("POST", "/api/admin/activities", null, "{}"), 401, "UNAUTHENTICATED");
        assertProblem(system.call("GET", "/api/orders/abc", shopper, null), 400, "BAD_REQUEST");
        assertProblem(system.call("GET", "/api/orders/-1", shopper, null), 400, "BAD_REQUEST");
        assertProblem(system.call("GET", "/api/activities/99999999999999999999", null, null), 400, "BAD_REQUEST");
        assertProblem(system.call("POST", "/api/seckill/abc/token", shopper, null), 400, "BAD_REQUEST");
        assertProblem(system.call("POST", "/api/seckill/1/somepath", null, null), 401, "UNAUTHENTICATED");
        assertProblem(system.call("GET", "/api/orders", "not.a.jwt", null), 401, "UNAUTHENTICATED");
        assertProblem(system.call("POST", "/api/auth/demo-token", null, "{\"userId\":-4}"), 400, "BAD_REQUEST");
        assertProblem(system.call("GET", "/api/nowhere", shopper, null), 404, "NOT_FOUND");

        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_activity")).isEqualTo(activities);
    }
}
