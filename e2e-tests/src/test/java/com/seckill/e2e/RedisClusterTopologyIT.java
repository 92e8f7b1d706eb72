package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.SlotHash;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The whole system on a Redis Cluster (DESIGN.md §2, SPRING_DATA_REDIS_CLUSTER_NODES): three masters
 * started by the test, every Redis client of every service on them, bursts on activities whose keys
 * live on different masters, rate limits and one-time paths; every invariant holds.
 */
class RedisClusterTopologyIT {

    private static final int FIRST_PORT = Integer.parseInt(System.getenv().getOrDefault("SECKILL_TEST_CLUSTER_PORT", "7101"));
    private static final Duration SETTLE = Duration.ofSeconds(120);
    private static RedisClusterProcesses cluster;
    private static Map<String, String> env;
    private static SeckillSystem system;

    @BeforeAll
    static void clusterAndSystem() throws Exception {
        cluster = new RedisClusterProcesses(FIRST_PORT);
        env = Map.of("SPRING_DATA_REDIS_CLUSTER_NODES", cluster.nodes());
        Launcher.up(env);
        system = new SeckillSystem(cluster.nodes());
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (system != null) {
                system.close();
            }
            Launcher.down(env == null ? Map.of() : env);
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    /** Three activities whose keys sit on at least two different masters. */
    private static List<Long> activitiesOnDifferentMasters(int stock) {
        List<Long> chosen = new ArrayList<>();
        Set<String> masters = new HashSet<>();
        while (chosen.size() < 3) {
            long id = system.createActivity(stock);
            String master = system.redis.clusterNodes().lines()
                    .filter(line -> line.contains("master") && owns(line, SlotHash.getSlot("{" + id + "}")))
                    .findFirst().orElseThrow().split(" ")[0];
            if (!masters.contains(master) || masters.size() >= 2) {
                chosen.add(id);
                masters.add(master);
            }
        }
        return chosen;
    }

    /** Whether a CLUSTER NODES line's slot ranges hold {@code slot}. */
    private static boolean owns(String line, int slot) {
        String[] fields = line.split(" ");
        for (int i = 8; i < fields.length; i++) {
            String[] range = fields[i].split("-");
            if (fields[i].startsWith("[")) {
                continue;
            }
            int from = Integer.parseInt(range[0]);
            int to = range.length > 1 ? Integer.parseInt(range[1]) : from;
            if (slot >= from && slot <= to) {
                return true;
            }
        }
        return false;
    }

    @Test
    void burstsOnActivitiesOnDifferentMastersSellExactlyTheirStock() throws Exception {
        int stock = 100;
        List<Long> activities = activitiesOnDifferentMasters(stock);
        List<CompletableFuture<Void>> sales = new ArrayList<>();
        for (long activityId : activities) {
            Shoppers shoppers = new Shoppers(system, 250);
            sales.add(CompletableFuture.runAsync(() -> sell(activityId, stock, shoppers)));
        }
        CompletableFuture.allOf(sales.toArray(CompletableFuture[]::new)).get();
        assertNothingOnTheStandaloneRedis(activities);
    }

    /**
     * The machine's standalone Redis keeps running beside the cluster: a client that fell back to it
     * (a default host and port) would go unnoticed by the sales. None of the activities' keys may be there.
     */
    private static void assertNothingOnTheStandaloneRedis(List<Long> activities) {
        RedisClient client = RedisClient.create(RedisURI.create(System.getenv().getOrDefault("SECKILL_REDIS_HOST", "127.0.0.1"),
                Integer.parseInt(System.getenv().getOrDefault("SECKILL_REDIS_PORT", "6379"))));
        try (StatefulRedisConnection<String, String> standalone = client.connect()) {
            for (long activityId : activities) {
                assertThat(standalone.sync().keys("*{" + activityId + "}*")).as("keys of activity %d on the standalone Redis",
                        activityId).isEmpty();
            }
        } finally {
            client.shutdown();
        }
    }

    private static void sell(long activityId, int stock, Shoppers shoppers) {
        try {
            // two bursts at once are more than the gateway lets through: told BUSY, a shopper comes back after Retry-After
            List<Shoppers.Attempt> attempts = shoppers.buyAtOnce(activityId, 200, true, busy -> { });
            Map<String, String> outcomes = shoppers.settle(attempts, SETTLE);
            long accepted = attempts.stream().filter(Shoppers.Attempt::accepted).count();
            long orders = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId);
            assertThat(accepted).as("activity %d: accepted", activityId).isEqualTo(stock);
            assertThat(outcomes.values()).as("activity %d: outcomes", activityId).hasSize(stock).containsOnly("SUCCESS");
            assertThat(orders).isEqualTo(stock);
            assertThat(system.queryLong("SELECT COUNT(DISTINCT user_id) FROM seckill_order WHERE activity_id = ?", activityId))
                    .isEqualTo(stock);
            assertThat(attempts.stream().filter(a -> !a.accepted()).map(Shoppers.Attempt::status).collect(Collectors.toSet()))
                    .as("the others were told sold out").containsOnly(410);
            String admin = system.token(SeckillSystem.uniqueId(), true);
            JsonNode stats = await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(2)).until(() ->
                    system.call("GET", "/api/admin/activities/" + activityId + "/stats", admin, null).body(),
                    body -> body.path("consistent").asBoolean());
            assertThat(stats.path("redisStock").asLong()).isZero();
            assertThat(stats.path("dbStock").asLong()).isZero();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void rateLimitsAndOneTimePathsHoldOnTheCluster() {
        long activityId = system.createActivity(5);
        String token = system.token(SeckillSystem.uniqueId(), false);

        SeckillSystem.Response first = system.call("POST", "/api/seckill/" + activityId + "/token", token, null);
        assertThat(first.status()).as(first.raw()).isEqualTo(200);
        String path = first.body().get("path").asText();
        assertThat(system.call("POST", "/api/seckill/" + activityId + "/" + path, token, null).status()).isEqualTo(202);
        SeckillSystem.Response reused = system.call("POST", "/api/seckill/" + activityId + "/" + path, token, null);
        assertThat(reused.status()).as(reused.raw()).isEqualTo(403);
        assertThat(reused.body().path("code").asText()).isEqualTo("BAD_PATH");

        // the per-user limit (3/s, a burst of 15) bites a user who asks too fast
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            statuses.add(system.call("POST", "/api/seckill/" + activityId + "/token", token, null).status());
        }
        assertThat(statuses).contains(429).doesNotContain(500, 503);
    }
}
