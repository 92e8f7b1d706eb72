package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A fault struck in the middle of a burst of shoppers, and what is checked after it: the pieces the fault suite's
 * rounds share ({@link FaultSuiteChaosIT}, {@link PartitionChaosIT}).
 */
final class MidBurst {

    static final Duration SETTLE = Duration.ofSeconds(180);

    private MidBurst() {
    }

    /** Figures of one fault, printed for the report. */
    static void report(String fault, List<Shoppers.Attempt> attempts, Map<String, String> outcomes, long orders,
                               long started) {
        long accepted = attempts.stream().filter(Shoppers.Attempt::accepted).count();
        long settled = outcomes.values().stream().filter(s -> s.equals("SUCCESS") || s.equals("FAIL")).count();
        System.out.printf("FAULT %s: accepted=%d settled=%d lost=%d orders=%d settle=%.1fs%n", fault, accepted, settled,
                accepted - settled, orders, (System.nanoTime() - started) / 1e9);
    }

    /** A burst under way, its first order written: what a fault mid-burst strikes. */
    record Burst(long activityId, Shoppers shoppers, long started, CompletableFuture<List<Shoppers.Attempt>> attempts,
                         long ordersAtFault) {

        static Burst underWay(SeckillSystem system, int stock, int shopperCount) {
            long activityId = system.createActivity(stock);
            Shoppers shoppers = new Shoppers(system, shopperCount);
            long started = System.nanoTime();
            CompletableFuture<List<Shoppers.Attempt>> attempts = CompletableFuture.supplyAsync(() -> buy(shoppers, activityId));
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                    .until(() -> system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId) > 0);
            long ordersAtFault = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId);
            return new Burst(activityId, shoppers, started, attempts, ordersAtFault);
        }

        /** The fault struck while units were left and shoppers still buying, or the test proved nothing. */
        void assertStruckMidBurst(int stock, long answeredAfter) {
            assertThat(ordersAtFault).as("units were left when the fault struck").isLessThan(stock);
            assertThat(answeredAfter).as("shoppers were still buying when the fault struck").isPositive();
        }
    }

    /**
     * A fault that ends by itself (issue 25: a pause, a partition) struck mid-burst: a process stopped with SIGSTOP
     * and resumed with SIGCONT, keeping its memory, sockets and half-done work; a link cut and healed, so that
     * calls time out with their outcome unknown. After each, on top of invariants 1-3: what every
     * shopper was told is true (see {@link SaleChecks#toldWrong}).
     */
    static void strike(SeckillSystem system, String fault, int stock, int shopperCount, Faults.Step pause) throws Exception {
        Burst burst = Burst.underWay(system, stock, shopperCount);
        long activityId = burst.activityId();
        Shoppers shoppers = burst.shoppers();
        long started = burst.started();
        Faults.Ending paused = pause.start();
        long faultAt = System.nanoTime();
        List<Shoppers.Attempt> attempts = new ArrayList<>(burst.attempts().get());
        paused.awaitEnd();
        Map<String, String> outcomes = new java.util.HashMap<>(shoppers.settle(attempts, SETTLE));
        sellTheRest(system, activityId, stock, attempts, outcomes, started);

        long orders = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId);
        long answeredAfter = attempts.stream().filter(a -> a.answeredAt() > faultAt).count();
        long accepted = attempts.stream().filter(Shoppers.Attempt::accepted).count();
        long settled = outcomes.values().stream().filter(o -> o.equals("SUCCESS") || o.equals("FAIL")).count();
        long doubled = orders - system.queryLong("SELECT COUNT(DISTINCT user_id) FROM seckill_order WHERE activity_id = ?", activityId)
                + Math.max(0, orders - stock);
        long unknown = attempts.stream().filter(SaleChecks::outcomeUnknown).count();
        long unknownHolders = SaleChecks.unknownHolders(system, activityId, attempts);
        List<String> wrong = SaleChecks.toldWrong(system, activityId, attempts, outcomes);
        report(fault, attempts, outcomes, orders, started);
        System.out.printf("FAULT %s: accepted=%d lost=%d doubled=%d told-wrong=%d told outcome unknown=%d (of them holding an order"
                + " they can see=%d), orders at the fault=%d, answered after it=%d, orders=%d of %d%n", fault, accepted,
                accepted - settled, doubled, wrong.size(), unknown, unknownHolders, burst.ordersAtFault(), answeredAfter, orders, stock);
        burst.assertStruckMidBurst(stock, answeredAfter);
        assertThat(wrong).as("shoppers told what did not happen").isEmpty();
        assertThat(doubled).isZero();
        assertThat(orders).isEqualTo(stock);
        SaleChecks.assertSettled(system, activityId, stock, attempts, outcomes, unknownHolders);
    }

    /**
     * Rounds of new shoppers until every unit is an order: a round that meets the figures still being
     * rebuilt is answered 503 BUSY in part, the next buys on. A round with no 202 at all for 90 s (units
     * left, nothing sold) fails, as does a sale not over within six minutes of the fault.
     */
    static void sellTheRest(SeckillSystem system, long activityId, int stock, List<Shoppers.Attempt> attempts, Map<String, String> outcomes,
                                    long started) throws Exception {
        long orders;
        while ((orders = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)) < stock) {
            Shoppers later = new Shoppers(system, (int) (stock - orders) + 100);
            List<Shoppers.Attempt> laterAttempts = await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(2))
                    .until(() -> later.buyAtOnce(activityId), tries -> tries.stream().anyMatch(Shoppers.Attempt::accepted));
            attempts.addAll(laterAttempts);
            outcomes.putAll(later.settle(laterAttempts, SETTLE));
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("the rest of the stock sold in time")
                    .isLessThan(Duration.ofMinutes(6));
        }
    }

    static List<Shoppers.Attempt> buy(Shoppers shoppers, long activityId) {
        try {
            return shoppers.buyAtOnce(activityId);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
