package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.seckill.common.redis.SeckillKeys;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The fault suite (./seckill chaos): real processes killed with SIGKILL (services, Redis, RabbitMQ,
 * MariaDB), Redis also stopped and started empty, in the middle of bursts through the gateway. After each fault the
 * invariants of contract §8 must hold: orders never exceed stock, one per user, every accepted
 * request ends SUCCESS or FAIL, nothing accepted is lost, Redis and MySQL agree; and shoppers waiting in a
 * waiting room keep their places through a Redis crash (contract §11).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultSuiteChaosIT {

    private static final Duration SETTLE = MidBurst.SETTLE;
    private static final SeckillSystem system = new SeckillSystem();

    @AfterAll
    static void close() {
        system.close();
    }

    /** Invariants 1-3 once the sale has settled. */
    private static void assertSettled(long activityId, int stock, List<Shoppers.Attempt> attempts, Map<String, String> outcomes) {
        SaleChecks.assertSettled(system, activityId, stock, attempts, outcomes, 0);
    }

    /** A fault applied as soon as the burst's first orders reach MySQL, and the recovery after it. */
    interface Step {
        void run() throws Exception;
    }

    private static void faultMidBurst(String fault, int stock, int shopperCount, Step inject, Step recover) throws Exception {
        MidBurst.Burst burst = MidBurst.Burst.underWay(system, stock, shopperCount);
        long activityId = burst.activityId();
        Shoppers shoppers = burst.shoppers();
        long started = burst.started();
        inject.run();
        long faultAt = System.nanoTime();
        List<Shoppers.Attempt> attempts = burst.attempts().get();
        recover.run();
        Map<String, String> outcomes = shoppers.settle(attempts, SETTLE);

        long orders = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId);
        long answeredAfter = attempts.stream().filter(a -> a.answeredAt() > faultAt).count();
        MidBurst.report(fault, attempts, outcomes, orders, started);
        System.out.printf("FAULT %s: orders at the fault=%d, shoppers answered after it=%d%n", fault, burst.ordersAtFault(), answeredAfter);
        burst.assertStruckMidBurst(stock, answeredAfter);
        assertThat(orders).isEqualTo(stock);
        assertSettled(activityId, stock, attempts, outcomes);
    }

    @Test
    @Order(1)
    void orderServiceKilledMidBurstLosesNothing() throws Exception {
        faultMidBurst("kill -9 order-service", 100, 2_000, () -> Faults.kill("order-service"), Faults::restartMissingServices);
    }

    @Test
    @Order(2)
    void rabbitKilledMidBurstLosesNothing() throws Exception {
        long rabbit = Faults.rabbitPid(); // asked before the burst: rabbitmqctl takes seconds to answer
        faultMidBurst("RabbitMQ killed -9", 100, 3_000, () -> Faults.killRabbit(rabbit), Faults::restartMissingServices);
    }

    @Test
    @Order(3)
    void redisDownAnswersBusyFastWithoutTouchingMysqlThenSellsOnWithinStock() throws Exception {
        int stock = 50;
        long activityId = system.createActivity(stock);
        Shoppers early = new Shoppers(system, 10);
        List<Shoppers.Attempt> attempts = new ArrayList<>(early.buyAtOnce(activityId));
        Map<String, String> outcomes = new java.util.HashMap<>(early.settle(attempts, SETTLE));
        String token = system.token(SeckillSystem.uniqueId(), false);
        long ordersBefore = system.queryLong("SELECT COUNT(*) FROM seckill_order");
        long writesBefore = innodbWrites();

        long started = System.nanoTime();
        String purchase = "/api/seckill/" + activityId + "/anyPath";
        long slowest = 0;
        List<Long> latencies = new ArrayList<>();
        long writesDuring;
        Faults.stopRedis();
        try {
            // The gateway learns that Redis is gone from its next exchange with it (the rate limits' share,
            // every 50 ms while there is something to share): a request in the moment before is checked as
            // usual, and this one's path is refused (403 BAD_PATH). From then on: BUSY, at once.
            await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50))
                    .until(() -> system.call("POST", purchase, token, null).status() == 503);
            for (int i = 0; i < 30; i++) {
                long t0 = System.nanoTime();
                SeckillSystem.Response answer = system.call("POST", purchase, token, null);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                latencies.add(ms);
                assertThat(answer.status()).as(answer.raw()).isEqualTo(503);
                assertThat(answer.body().path("code").asText()).isEqualTo("BUSY");
                slowest = Math.max(slowest, ms);
            }
            writesDuring = innodbWrites() - writesBefore;
        } finally {
            Faults.startRedis(); // whatever failed here, the next test finds Redis up
        }
        latencies.sort(Long::compare);
        System.out.printf("FAULT Redis down: 503 BUSY p50=%dms max=%dms, MySQL rows written meanwhile=%d%n",
                latencies.get(latencies.size() / 2), slowest, writesDuring);
        assertThat(latencies.get(latencies.size() / 2)).as("median answer while Redis is down").isLessThan(200);
        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_order")).isEqualTo(ordersBefore);

        // Redis came back empty: the activity is rebuilt from MySQL and sells on, never beyond stock
        MidBurst.sellTheRest(system, activityId, stock, attempts, outcomes, started);
        long orders = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId);
        MidBurst.report("Redis stopped, restarted empty", attempts, outcomes, orders, started);
        assertThat(orders).isEqualTo(stock);
        assertSettled(activityId, stock, attempts, outcomes);
    }

    @Test
    @Order(4)
    void acceptedPurchasesSurviveSeckillServiceKilledBeforeThePublish() throws Exception {
        int stock = 30;
        long activityId = system.createActivity(stock);
        Shoppers shoppers = new Shoppers(system, 20);
        long started = System.nanoTime();

        Faults.stopRabbit();
        List<Shoppers.Attempt> attempts;
        long accepted;
        try {
            attempts = shoppers.buyAtOnce(activityId);
            accepted = attempts.stream().filter(Shoppers.Attempt::accepted).count();
            assertThat(accepted).isPositive();
            assertThat(system.redis.hlen(SeckillKeys.outbox(activityId))).as("accepted, not yet published").isEqualTo(accepted);
            Faults.kill("seckill-service");
        } finally {
            Faults.startRabbit(); // whatever failed here, the next test finds the broker up
        }
        Faults.restartMissingServices();
        Map<String, String> outcomes = shoppers.settle(attempts, SETTLE);

        long orders = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId);
        MidBurst.report("seckill-service killed before publish", attempts, outcomes, orders, started);
        assertThat(orders).isEqualTo(accepted);
        assertThat(system.redis.hlen(SeckillKeys.outbox(activityId))).isZero();
        assertSettled(activityId, stock, attempts, outcomes);
    }

    @Test
    @Order(5)
    void mariaDbKilledWhileOrdersDrainLosesAndDoublesNothing() throws Exception {
        faultMidBurst("MariaDB killed -9", 200, 2_000, Faults::killMariaDb, Faults::restartMissingServices);
    }

    /**
     * contract §10 with Redis: kill -9 of the Redis the launcher runs (AOF on) while the burst is
     * accepting and orders are being written, back by ./seckill up as a user runs it, then the rest of
     * the stock sold to later shoppers. Every 202 ends SUCCESS or FAIL and none FAIL (a FAIL after a 202
     * is a unit Redis promised and MySQL did not have), no unit sold twice or lost: the figures Redis
     * held are rebuilt from MySQL once every accepted purchase is written.
     */
    @Test
    @Order(6)
    void redisKilledMidBurstLosesNoAcceptedPurchaseAndTheRestOfTheStockSellsExactly() throws Exception {
        Faults.redisAsTheLauncherRunsIt(system);
        assertThat(Faults.redisAppendOnly(system)).as("the Redis killed writes an append-only file").isTrue();
        int stock = 1_500;
        long activityId = system.createActivity(stock);
        Shoppers shoppers = new Shoppers(system, 3_000);
        long started = System.nanoTime();

        CompletableFuture<List<Shoppers.Attempt>> burst = CompletableFuture.supplyAsync(() -> MidBurst.buy(shoppers, activityId));
        // in full swing: hundreds written, more accepted and on their way
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
                .until(() -> system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId) >= 200);
        long ordersAtKill = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId);
        long killedAt = System.nanoTime();
        Faults.killRedis(system);
        List<Shoppers.Attempt> attempts = new ArrayList<>(burst.get());
        Faults.upAsAUserAndStillInCharge();
        assertThat(Faults.redisAppendOnly(system)).as("./seckill up runs Redis with AOF").isTrue();
        Map<String, String> outcomes = new java.util.HashMap<>(shoppers.settle(attempts, SETTLE));
        long acceptedInBurst = attempts.stream().filter(Shoppers.Attempt::accepted).count();
        long acceptedBeforeKill = attempts.stream().filter(a -> a.accepted() && a.answeredAt() < killedAt).count();
        long answeredAfterKill = attempts.stream().filter(a -> a.answeredAt() > killedAt).count();
        long busyInBurst = attempts.stream().filter(a -> a.status() == 503).count();
        long ordersAfterBurst = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId);
        MidBurst.report("Redis killed -9 mid-burst, burst", attempts, outcomes, ordersAfterBurst, started);
        assertThat(ordersAtKill).as("units were left when Redis died").isLessThan(stock);
        assertThat(answeredAfterKill).as("shoppers were still buying when Redis died").isPositive();
        assertThat(ordersAfterBurst).as("every accepted purchase became an order").isEqualTo(acceptedInBurst);

        // later shoppers: the units left sell, exactly, once Redis is rebuilt
        MidBurst.sellTheRest(system, activityId, stock, attempts, outcomes, started);
        long orders = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId);
        long accepted = attempts.stream().filter(Shoppers.Attempt::accepted).count();
        long settled = outcomes.values().stream().filter(o -> o.equals("SUCCESS") || o.equals("FAIL")).count();
        long failed = outcomes.values().stream().filter("FAIL"::equals).count();
        MidBurst.report("Redis killed -9 mid-burst, sold out afterwards", attempts, outcomes, orders, started);
        System.out.printf("FAULT Redis killed -9: orders at the kill=%d, accepted before it=%d, in the burst=%d, in all=%d,"
                + " lost=%d, failed after 202=%d, busy in the burst=%d, orders=%d of %d%n", ordersAtKill, acceptedBeforeKill,
                acceptedInBurst, accepted, accepted - settled, failed, busyInBurst, orders, stock);
        assertThat(failed).as("no accepted buyer failed: every 202 had its unit").isZero();
        assertThat(orders).isEqualTo(stock);
        assertSettled(activityId, stock, attempts, outcomes);
    }

    /**
     * contract §11: Redis killed -9 while 2,000 shoppers wait in a waiting room, mid-sale. Each keeps its
     * place (every place a shopper is told, before the kill and after, is the one it was drawn), the sale
     * resumes and sells exactly the stock, one unit per shopper, every 202 becomes an order and every
     * shopper not served is told SOLD_OUT.
     */
    @Test
    @Order(7)
    void redisKilledWhile2000WaitKeepsTheirPlacesAndTheSaleSellsExactlyTheStock() throws Exception {
        Faults.redisAsTheLauncherRunsIt(system);
        int stock = 300;
        WaitingCrowd crowd = new WaitingCrowd(system, 2_000);
        // time for 2,000 to join, some of them shed and told to come back 2-4 s later
        Instant start = Instant.now().plusSeconds(40);
        // 10 a second: the sale lasts 30 s, long enough for all 2,000 to learn their drawn place (on two cores the
        // crowd coming back at the start is shed in part and told to return 2-4 s later) before Redis is killed
        long activityId = system.createQueuedActivity("chaos waiting room", stock, start, 10);
        long started = System.nanoTime();
        assertThat(crowd.joinAll(activityId, start)).as("everyone joined before the start").isEqualTo(crowd.size());
        await().atMost(Duration.ofSeconds(60)).until(() -> Instant.now().isAfter(start));

        // the draw is made at the start; kill Redis once everyone waiting was told a place and units are selling
        crowd.shop(() -> crowd.count(WaitingCrowd.End.BOUGHT) >= 40 && crowd.everyoneWaitingWasPlaced(), Duration.ofSeconds(90));
        Map<Long, Integer> toldBefore = crowd.placesTold();
        long waitingAtKill = crowd.size() - crowd.ends().size();
        long boughtAtKill = crowd.count(WaitingCrowd.End.BOUGHT);
        Faults.killRedis(system);
        Faults.upAsAUserAndStillInCharge();
        crowd.shop(() -> false, Duration.ofMinutes(5));

        Map<Long, Integer> toldAfter = crowd.placesTold();
        long placedAgain = toldAfter.entrySet().stream().filter(e -> e.getValue() > toldBefore.getOrDefault(e.getKey(), 0)).count();
        long moved = crowd.places().values().stream().filter(told -> told.stream().distinct().count() > 1).count();
        List<Shoppers.Attempt> accepted = crowd.accepted();
        Map<String, String> outcomes = new Shoppers(system, 0).settle(accepted, SETTLE);
        long orders = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId);
        long soldOut = crowd.count(WaitingCrowd.End.SOLD_OUT);
        long failed = outcomes.values().stream().filter("FAIL"::equals).count();
        MidBurst.report("Redis killed -9 while 2,000 wait", accepted, outcomes, orders, started);
        System.out.printf("FAULT Redis killed -9 while %d waited (%d bought before): told a place again after it=%d, told a different"
                        + " place=%d, bought=%d, told SOLD_OUT=%d, visits not ended=%d, failed after 202=%d, orders=%d of %d, answers %s%n",
                waitingAtKill, boughtAtKill, placedAgain, moved, accepted.size(), soldOut, crowd.size() - crowd.ends().size(), failed,
                orders, stock, crowd.statuses());
        assertThat(waitingAtKill).as("shoppers were waiting when Redis died").isGreaterThan(1_000);
        assertThat(placedAgain).as("shoppers asked where they stand after Redis came back").isGreaterThan(500);
        assertThat(moved).as("a shopper told another place than the one drawn").isZero();
        assertThat(crowd.ends()).as("every visit ended: bought or told SOLD_OUT").hasSize(crowd.size());
        assertThat(failed).as("no accepted buyer failed: every 202 had its unit").isZero();
        assertThat(orders).isEqualTo(stock);
        assertThat(soldOut + crowd.count(WaitingCrowd.End.BOUGHT) + crowd.count(WaitingCrowd.End.ALREADY_BOUGHT)).isEqualTo(crowd.size());
        assertThat(crowd.count(WaitingCrowd.End.BOUGHT) + crowd.count(WaitingCrowd.End.ALREADY_BOUGHT)).isEqualTo(orders);
        assertSettled(activityId, stock, accepted, outcomes);
    }

    @Test
    @Order(8)
    void orderServicePausedPastTheBrokersHeartbeatMidBurstFinishesNothingTwice() throws Exception {
        MidBurst.strike(system, "order-service paused 25 s (SIGSTOP)", 200, 2_000,
                () -> Faults.pause(Faults.servicePid("order-service"), Duration.ofSeconds(25)));
    }

    @Test
    @Order(9)
    void seckillServicePausedPastTheGatewaysTimeoutMidBurstTellsEveryShopperTheTruth() throws Exception {
        MidBurst.strike(system, "seckill-service paused 14 s (SIGSTOP)", 200, 2_000,
                () -> Faults.pause(Faults.servicePid("seckill-service"), Duration.ofSeconds(14)));
    }

    @Test
    @Order(10)
    void redisPausedMidBurstLosesAndDoublesNothing() throws Exception {
        long redis = Faults.redisPid(system);
        MidBurst.strike(system, "Redis paused 6 s (SIGSTOP)", 200, 2_000, () -> Faults.pause(redis, Duration.ofSeconds(6)));
    }

    @Test
    @Order(11)
    void mariaDbPausedWhileOrdersAreWrittenLosesAndDoublesNothing() throws Exception {
        MidBurst.strike(system, "MariaDB paused 8 s (SIGSTOP)", 200, 2_000, () -> Faults.pause(Faults.mariaDbPid(), Duration.ofSeconds(8)));
    }

    /** Rows MariaDB inserted, updated or deleted since it started (all schemas). */
    private static long innodbWrites() {
        return system.queryLong("SELECT SUM(VARIABLE_VALUE) FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN"
                + " ('INNODB_ROWS_INSERTED', 'INNODB_ROWS_UPDATED', 'INNODB_ROWS_DELETED')");
    }
}
