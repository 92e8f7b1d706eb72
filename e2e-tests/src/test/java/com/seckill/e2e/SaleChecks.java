package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.seckill.common.redis.SeckillKeys;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What must be true of a sale once it settled, whatever was done to the system meanwhile (contract §8,
 * invariants 1-3), and whether every shopper was told the truth (issue 25): shared by the fault suite and
 * the nemesis.
 */
final class SaleChecks {

    private SaleChecks() {
    }

    /** Sent, and no answer: the gateway's 503 with outcome UNKNOWN, or the client's own connection failing. */
    static boolean outcomeUnknown(Shoppers.Attempt attempt) {
        return attempt.status() == 0 || attempt.status() == 503 && outcomeUnknown(attempt.answer());
    }

    /** An answer's body says its outcome is unknown. */
    static boolean outcomeUnknown(String answer) {
        return answer.contains("\"outcome\":\"UNKNOWN\"");
    }

    /** How many shoppers told the outcome was unknown hold an order of the activity. */
    static long unknownHolders(SeckillSystem system, long activityId, List<Shoppers.Attempt> attempts) {
        Set<Long> holders = new HashSet<>(system.queryLongs("SELECT user_id FROM seckill_order WHERE activity_id = ?", activityId));
        return attempts.stream().filter(a -> outcomeUnknown(a) && holders.contains(a.userId())).map(Shoppers.Attempt::userId)
                .distinct().count();
    }

    /**
     * Every shopper whose answers contradict the orders once all settled: a 202 that ended SUCCESS without
     * an order or FAIL with one, a refusal (which says nothing was done) with an order, and an unknown
     * outcome whose unit is neither an order the shopper can see (GET /api/orders) nor free in Redis, and a
     * 404 (the sale exists: an instance that cannot tell yet must say "try again", 503).
     * A shopper's last attempt is what it was told last: earlier ones (a BUSY it came back from) count too.
     */
    static List<String> toldWrong(SeckillSystem system, long activityId, List<Shoppers.Attempt> attempts,
                                  Map<String, String> outcomes) {
        return toldWrong(system, activityId, 1, attempts, outcomes);
    }

    /** As above, for a sale in {@code buckets} stock buckets: a unit is held in whichever bucket sold it. */
    static List<String> toldWrong(SeckillSystem system, long activityId, int buckets, List<Shoppers.Attempt> attempts,
                                  Map<String, String> outcomes) {
        Set<Long> holders = new HashSet<>(system.queryLongs(
                "SELECT user_id FROM seckill_order WHERE activity_id = ? AND status IN (0, 1)", activityId));
        Set<String> redisHolders = new HashSet<>();
        SeckillKeys.buckets(activityId, buckets).forEach(bucket -> redisHolders.addAll(system.redis.smembers(bucket.users())));
        Set<Long> toldAccepted = new HashSet<>();
        Set<Long> toldUnknown = new HashSet<>();
        List<String> wrong = new ArrayList<>();
        for (Shoppers.Attempt attempt : attempts) {
            if (attempt.accepted()) {
                toldAccepted.add(attempt.userId());
                String outcome = outcomes.get(attempt.requestId());
                if ("SUCCESS".equals(outcome) != holders.contains(attempt.userId())) {
                    wrong.add(attempt.userId() + ": told " + outcome + ", holds an order: " + holders.contains(attempt.userId()));
                }
            } else if (outcomeUnknown(attempt)) {
                toldUnknown.add(attempt.userId());
            }
        }
        for (Shoppers.Attempt attempt : attempts) {
            long user = attempt.userId();
            boolean holds = holders.contains(user);
            if (attempt.accepted() || toldAccepted.contains(user)) {
                continue;
            }
            if (toldUnknown.contains(user)) {
                if (!outcomeUnknown(attempt)) {
                    continue; // judged once, on its unknown answer
                }
                boolean seen = holds && system.call("GET", "/api/orders", attempt.token(), null).body().findValues("activityId")
                        .stream().anyMatch(id -> id.asLong() == activityId);
                // the promise (docs/api.md): an order the shopper sees, or a unit never taken (not held in Redis).
                // An order whose script never ran in Redis (its message reached the broker late) is not held
                // there until reconciliation: Redis against MySQL is checked once settled (assertSettled)
                if (holds != seen || !holds && redisHolders.contains(String.valueOf(user))) {
                    wrong.add(user + ": outcome unknown, order seen: " + seen + ", unit held in Redis: "
                            + redisHolders.contains(String.valueOf(user)));
                }
            } else if (holds) {
                wrong.add(user + ": told " + attempt.status() + " (" + attempt.answer() + ") yet holds an order");
            } else if (attempt.status() == 404) {
                wrong.add(user + ": told the sale does not exist (" + attempt.answer() + ")");
            }
        }
        return wrong;
    }

    /**
     * Invariants 1-3 once the sale has settled: every 202 SUCCESS or FAIL, orders within the stock and one
     * per user, every order a SUCCESS (or the unit of a shopper told the outcome was unknown:
     * {@code unknownHolders}), Redis, MySQL and the orders consistent.
     */
    static void assertSettled(SeckillSystem system, long activityId, int stock, List<Shoppers.Attempt> attempts,
                              Map<String, String> outcomes, long unknownHolders) {
        long accepted = attempts.stream().filter(Shoppers.Attempt::accepted).count();
        Map<String, Long> counts = new TreeMap<>();
        outcomes.values().forEach(o -> counts.merge(o, 1L, Long::sum));
        assertThat(outcomes).as("every accepted request has an outcome").hasSize((int) accepted);
        assertThat(counts.keySet()).as("outcomes %s", counts).isSubsetOf("SUCCESS", "FAIL");
        long orders = system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId);
        assertThat(orders).isLessThanOrEqualTo(stock);
        assertThat(system.queryLong("SELECT COUNT(DISTINCT user_id) FROM seckill_order WHERE activity_id = ?", activityId))
                .isEqualTo(orders);
        assertThat(counts.getOrDefault("SUCCESS", 0L) + unknownHolders).isEqualTo(orders);
        String admin = system.token(SeckillSystem.uniqueId(), true);
        JsonNode stats = await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(2)).until(() -> {
            system.call("POST", "/api/admin/activities/" + activityId + "/reconcile", admin, null);
            return system.call("GET", "/api/admin/activities/" + activityId + "/stats", admin, null).body();
        }, body -> body.path("consistent").asBoolean());
        assertThat(stats.path("dbStock").asLong() + orders).isEqualTo(stock);
    }
}
