package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Two instances of each inner service behind one gateway (contract §2, --instances 2): both take
 * traffic; one seckill and one order instance are killed -9 in the middle of a burst larger than the
 * stock; afterwards orders = stock sold, nobody twice, every 202 ends SUCCESS or FAIL, and a FAIL
 * after a 202 happens only once the activity really sold out. Run over static discovery and over Nacos.
 */
abstract class InstancesTopology {

    private static final Duration SETTLE = Duration.ofSeconds(180);

    /** How long a dead seckill instance kept answering POSTs through the gateway (reported). */
    static Duration leftRotationAfter;

    static long pid(String instance) throws Exception {
        return Long.parseLong(Files.readString(Launcher.ROOT.resolve(".run").resolve(instance + ".pid")).strip());
    }

    static void kill(String instance) throws Exception {
        ProcessHandle process = ProcessHandle.of(pid(instance)).orElseThrow();
        process.destroyForcibly();
        await().atMost(Duration.ofSeconds(20)).until(() -> !process.isAlive());
    }

    /** A metric of one instance, read on its own port (0 when the meter does not exist yet). */
    static double metric(SeckillSystem system, int port, String name, String tag) {
        SeckillSystem.Response answer = system.callDirect(port, "GET", "/actuator/metrics/" + name
                + (tag == null ? "" : "?tag=" + URLEncoder.encode(tag, StandardCharsets.UTF_8)), Map.of(), null);
        if (answer.status() != 200) {
            return 0;
        }
        for (JsonNode measurement : answer.body().path("measurements")) {
            if (measurement.path("statistic").asText().equals("COUNT")) {
                return measurement.path("value").asDouble();
            }
        }
        return 0;
    }

    static void burstWithAKilledInstanceOfEach(SeckillSystem system, String label) throws Exception {
        int stock = 300;
        long activityId = system.createActivity(stock);
        Shoppers shoppers = new Shoppers(system, 1_200);
        String purchases = "uri:/api/seckill/{activityId}/{path}";
        double seckillOneBefore = metric(system, 8081, "http.server.requests", purchases);
        double seckillTwoBefore = metric(system, 8091, "http.server.requests", purchases);
        long started = System.nanoTime();

        CompletableFuture<List<Shoppers.Attempt>> burst = CompletableFuture.supplyAsync(() -> {
            try {
                // shoppers as the page is: one told BUSY (its instance just died, or shed) comes back after Retry-After
                return shoppers.buyAtOnce(activityId, 200, true, busy -> { });
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
                .until(() -> system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId) >= 30);
        assertThat(metric(system, 8081, "http.server.requests", purchases)).as("seckill-service took purchases")
                .isGreaterThan(seckillOneBefore);
        assertThat(metric(system, 8091, "http.server.requests", purchases)).as("seckill-service-2 took purchases")
                .isGreaterThan(seckillTwoBefore);
        assertThat(metric(system, 8082, "rabbitmq.consumed", null)).as("order-service consumed").isPositive();
        assertThat(metric(system, 8092, "rabbitmq.consumed", null)).as("order-service-2 consumed").isPositive();
        kill("seckill-service-2");
        kill("order-service-2");
        long killedAt = System.nanoTime();
        leftRotationAfter = timeUntilTheGatewayAnswersWithoutTheDeadInstance(system, activityId, killedAt);
        List<Shoppers.Attempt> attempts = burst.get();
        long answeredAfterKill = attempts.stream().filter(a -> a.answeredAt() > killedAt).count();

        Map<String, String> outcomes = shoppers.settle(attempts, SETTLE);
        long accepted = attempts.stream().filter(Shoppers.Attempt::accepted).count();
        long orders = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId);
        long failed = outcomes.values().stream().filter("FAIL"::equals).count();
        System.out.printf("TOPOLOGY %s: 2 instances each, seckill-service-2 and order-service-2 killed -9 mid-burst: "
                        + "accepted=%d orders=%d of %d failed=%d unsettled=%d answered after the kill=%d; the dead seckill "
                        + "instance left the rotation after %.1fs; burst+settle %.1fs%n", label, accepted, orders, stock, failed,
                accepted - outcomes.values().stream().filter(s -> s.equals("SUCCESS") || s.equals("FAIL")).count(),
                answeredAfterKill, leftRotationAfter.toMillis() / 1000.0, (System.nanoTime() - started) / 1e9);

        assertThat(answeredAfterKill).as("shoppers were still buying when the instances died").isPositive();
        assertThat(outcomes).as("every 202 has an outcome").hasSize((int) accepted);
        assertThat(outcomes.values()).as("every 202 ended").allMatch(s -> s.equals("SUCCESS") || s.equals("FAIL"));
        assertThat(orders).as("orders = stock sold").isEqualTo(stock);
        assertThat(system.queryLong("SELECT COUNT(DISTINCT user_id) FROM seckill_order WHERE activity_id = ?", activityId))
                .as("nobody twice").isEqualTo(orders);
        assertThat(system.queryLong("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isZero();
        // a FAIL after a 202 would be a unit promised that MySQL did not have: the activity sold exactly its
        // stock, so no accepted buyer may have been turned away
        assertThat(failed).as("no FAIL after a 202 while the activity had units for every 202").isZero();
    }

    /** POSTs (never retried by the gateway) until twenty in a row are answered by a live instance. */
    private static Duration timeUntilTheGatewayAnswersWithoutTheDeadInstance(SeckillSystem system, long activityId,
                                                                           long killedAt) {
        String token = system.token(SeckillSystem.uniqueId(), false);
        int[] inARow = {0};
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() -> {
            int status = system.call("POST", "/api/seckill/" + activityId + "/token", token, null).status();
            inARow[0] = status >= 500 ? 0 : inARow[0] + 1;
            return inARow[0] >= 20;
        });
        return Duration.ofNanos(System.nanoTime() - killedAt);
    }
}
