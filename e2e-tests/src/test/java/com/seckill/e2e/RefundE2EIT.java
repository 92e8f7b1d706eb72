package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.seckill.common.redis.SeckillKeys;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Refunds of paid orders (contract §4, {@code POST /api/orders/{orderId}/refund}), all through the gateway: the
 * sandbox provider confirms with its signed refund callback, the order ends REFUNDED (4), the payment REFUNDED,
 * and the unit goes back on sale, exactly once.
 */
class RefundE2EIT {

    private static final SeckillSystem system = new SeckillSystem();
    private static final Duration SETTLED = Duration.ofSeconds(30);
    /** The local profile's callback key (public in the repository), unless the system runs with its own. */
    private static final String CALLBACK_SECRET = System.getenv().getOrDefault("SECKILL_PAYMENT_CALLBACKSECRET",
            "local-development-callback-secret-0123456789");

    @AfterAll
    static void close() {
        system.close();
    }

    private long buy(long activityId, String token) {
        return system.buy(activityId, token);
    }

    private long buyAndPay(long activityId, String token) {
        return system.buyAndPay(activityId, token);
    }

    private void awaitStatus(long orderId, String token, String status) {
        await().atMost(SETTLED).until(() -> status.equals(system.call("GET", "/api/orders/" + orderId, token, null).body()
                .path("status").asText()));
    }

    private SeckillSystem.Response refund(long orderId, String token, String reason) {
        return system.call("POST", "/api/orders/" + orderId + "/refund", token, reason == null ? null : "{\"reason\":\"" + reason + "\"}");
    }

    private long stockInMySql(long activityId) {
        return system.queryLong("SELECT stock FROM seckill_activity WHERE id = ?", activityId);
    }

    private long refundRows(long orderId) {
        return system.queryLong("SELECT COUNT(*) FROM refund WHERE order_id = ?", orderId);
    }

    @Test
    void theOwnerRefundsAPaidOrderAndTheUnitIsSoldAgainToAnotherShopper() {
        long activityId = system.createActivity(1);
        long userId = SeckillSystem.uniqueId();
        String token = system.token(userId, false);
        long orderId = buyAndPay(activityId, token);
        assertThat(stockInMySql(activityId)).isZero();

        SeckillSystem.Response refunded = refund(orderId, token, "Changed my mind");
        assertThat(refunded.status()).as(refunded.raw()).isEqualTo(202);
        assertThat(refunded.body().path("status").asText()).isEqualTo("REQUESTED");
        assertThat(refunded.body().path("amount").decimalValue()).isEqualByComparingTo("1.99");
        assertThat(refunded.body().path("refundNo").asText()).startsWith("R");
        awaitStatus(orderId, token, "REFUNDED");

        assertThat(system.queryLong("SELECT status FROM seckill_order WHERE id = ?", orderId)).as("REFUNDED (4) in MySQL").isEqualTo(4);
        assertThat(system.queryLong("SELECT status FROM payment WHERE order_id = ?", orderId)).as("payment REFUNDED").isEqualTo(2);
        assertThat(system.queryLong("SELECT status FROM refund WHERE order_id = ?", orderId)).as("refund done").isEqualTo(1);
        await().atMost(SETTLED).until(() -> "1".equals(system.redis.get(SeckillKeys.stock(activityId))));
        assertThat(stockInMySql(activityId)).isEqualTo(1);

        // a refunded order cannot be refunded, cancelled or paid again
        SeckillSystem.Response again = refund(orderId, token, "again");
        assertThat(again.status()).as(again.raw()).isEqualTo(409);
        assertThat(again.body().path("code").asText()).isEqualTo("CONFLICT");
        assertThat(system.call("POST", "/api/orders/" + orderId + "/cancel", token, null).status()).isEqualTo(409);
        assertThat(refundRows(orderId)).isEqualTo(1);

        // the unit is on sale again: another shopper buys it, and then it is sold out
        long other = buy(activityId, system.token(SeckillSystem.uniqueId(), false));
        assertThat(other).isNotEqualTo(orderId);
        assertThat(stockInMySql(activityId)).isZero();
        await().atMost(SETTLED).until(() -> "0".equals(system.redis.get(SeckillKeys.stock(activityId))));
        String admin = system.token(SeckillSystem.uniqueId(), true);
        await().atMost(SETTLED).until(() -> system.call("GET", "/api/admin/activities/" + activityId + "/stats", admin, null).body()
                .path("consistent").asBoolean());
    }

    @Test
    void anotherShopperCannotRefundAndAnUnpaidOrderIsNoRefund() {
        long activityId = system.createActivity(2);
        String ownerToken = system.token(SeckillSystem.uniqueId(), false);
        long unpaid = buy(activityId, ownerToken);
        String stranger = system.token(SeckillSystem.uniqueId(), false);

        assertThat(refund(unpaid, stranger, "not mine").status()).as("not yours: as unknown").isEqualTo(404);
        assertThat(refund(Long.MAX_VALUE - 7, ownerToken, "unknown").status()).isEqualTo(404);
        SeckillSystem.Response pending = refund(unpaid, ownerToken, "not paid");
        assertThat(pending.status()).as(pending.raw()).isEqualTo(409);
        assertThat(refund(unpaid, ownerToken, "x".repeat(256)).status()).as("a reason too long").isEqualTo(400);
        assertThat(refund(unpaid, ownerToken, "bell \\u0007").status()).as("a control character").isEqualTo(400);
        assertThat(system.call("POST", "/api/orders/" + unpaid + "/refund", ownerToken, "{\"reason\":").status()).isEqualTo(400);
        assertThat(system.call("POST", "/api/orders/abc/refund", ownerToken, null).status()).isEqualTo(400);
        assertThat(system.call("POST", "/api/orders/" + unpaid + "/refund", null, null).status()).isEqualTo(401);
        assertThat(refundRows(unpaid)).isZero();
        assertThat(system.queryLong("SELECT status FROM seckill_order WHERE id = ?", unpaid)).isZero();
    }

    @Test
    void pastTheWindowTheOwnerIsRefusedAndAnOperatorRefundsWithAReasonInTheAuditLog() {
        long activityId = system.createActivity(1);
        long userId = SeckillSystem.uniqueId();
        String token = system.token(userId, false);
        long orderId = buyAndPay(activityId, token);
        // eight days pass (the window is seven)
        assertThat(system.update("UPDATE payment SET paid_time = ? WHERE order_id = ?",
                java.sql.Timestamp.from(Instant.now().minus(Duration.ofDays(8))), orderId)).isEqualTo(1);

        SeckillSystem.Response late = refund(orderId, token, "too late");
        assertThat(late.status()).as(late.raw()).isEqualTo(409);
        assertThat(late.body().path("detail").asText()).contains("7 days");
        assertThat(refundRows(orderId)).isZero();

        long adminId = SeckillSystem.uniqueId();
        String admin = system.token(adminId, true);
        SeckillSystem.Response noReason = refund(orderId, admin, null);
        assertThat(noReason.status()).as("an operator's refund needs a reason: " + noReason.raw()).isEqualTo(400);
        SeckillSystem.Response view = system.call("GET", "/api/admin/orders/" + orderId, admin, null);
        assertThat(view.status()).as(view.raw()).isEqualTo(200);
        assertThat(view.body().path("userId").asLong()).isEqualTo(userId);
        assertThat(view.body().path("status").asText()).isEqualTo("PAID");
        assertThat(system.call("GET", "/api/admin/orders/" + orderId, token, null).status()).as("operators only").isEqualTo(403);

        SeckillSystem.Response byOperator = refund(orderId, admin, "Price error on the listing");
        assertThat(byOperator.status()).as(byOperator.raw()).isEqualTo(202);
        awaitStatus(orderId, token, "REFUNDED");
        await().atMost(SETTLED).until(() -> stockInMySql(activityId) == 1);

        JsonNode audit = system.call("GET", "/api/admin/audit?limit=50", admin, null).body();
        JsonNode entry = null;
        for (JsonNode action : audit) {
            if (("order " + orderId).equals(action.path("target").asText())) {
                entry = action;
            }
        }
        assertThat(entry).as("the operator's refund in the audit log: " + audit).isNotNull();
        assertThat(entry.path("actorId").asLong()).isEqualTo(adminId);
        assertThat(entry.path("action").asText()).isEqualTo("order refund");
        assertThat(entry.path("after").path("reason").asText()).isEqualTo("Price error on the listing");
    }

    @Test
    void refundsAskedForAtOnceMakeOneRefundAndReturnOneUnit() throws Exception {
        long activityId = system.createActivity(3);
        long userId = SeckillSystem.uniqueId();
        String token = system.token(userId, false);
        long orderId = buyAndPay(activityId, token);
        String admin = system.token(SeckillSystem.uniqueId(), true);
        long before = stockInMySql(activityId);

        int askers = 8;
        CyclicBarrier together = new CyclicBarrier(askers);
        List<CompletableFuture<SeckillSystem.Response>> answers = new ArrayList<>();
        for (int i = 0; i < askers; i++) {
            String who = i % 2 == 0 ? token : admin;
            answers.add(CompletableFuture.supplyAsync(() -> {
                try {
                    together.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                return refund(orderId, who, "at once");
            }));
        }
        java.util.Set<String> refundNos = new java.util.HashSet<>();
        for (CompletableFuture<SeckillSystem.Response> answer : answers) {
            SeckillSystem.Response response = answer.get();
            assertThat(response.status()).as(response.raw()).isIn(202, 409);
            if (response.status() == 202) {
                refundNos.add(response.body().path("refundNo").asText());
            }
        }
        assertThat(refundNos).as("every accepted ask answers the one refund").hasSize(1);
        awaitStatus(orderId, token, "REFUNDED");
        assertThat(refundRows(orderId)).isEqualTo(1);
        await().atMost(SETTLED).until(() -> system.queryLong("SELECT stock_returned FROM seckill_order WHERE id = ?", orderId) == 1);
        assertThat(stockInMySql(activityId)).as("one unit back").isEqualTo(before + 1);
        await().atMost(SETTLED).until(() -> String.valueOf(before + 1).equals(system.redis.get(SeckillKeys.stock(activityId))));
    }

    /**
     * The other order ends as the refund goes on: cancelled by its owner at the same moment, or closed unpaid by
     * the sweeper (its creation moved a day back, so that its pay time is over; the sweeper looks every 30 s).
     */
    @ParameterizedTest
    @ValueSource(strings = {"cancelled", "closed"})
    void aRefundRacingTheEndOfAnotherOrderOfTheSaleReturnsBothUnitsOnce(String end) throws Exception {
        long activityId = system.createActivity(2);
        String paidToken = system.token(SeckillSystem.uniqueId(), false);
        long paid = buyAndPay(activityId, paidToken);
        String pendingToken = system.token(SeckillSystem.uniqueId(), false);
        long pending = buy(activityId, pendingToken);
        assertThat(stockInMySql(activityId)).isZero();

        CyclicBarrier together = new CyclicBarrier(2);
        CompletableFuture<SeckillSystem.Response> refunded = CompletableFuture.supplyAsync(() -> {
            together(together);
            return refund(paid, paidToken, "racing");
        });
        CompletableFuture<Integer> ended = CompletableFuture.supplyAsync(() -> {
            together(together);
            return "cancelled".equals(end)
                    ? system.call("POST", "/api/orders/" + pending + "/cancel", pendingToken, null).status()
                    : system.update("UPDATE seckill_order SET create_time = create_time - INTERVAL 1 DAY WHERE id = ?", pending);
        });
        assertThat(refunded.get().status()).as(refunded.get().raw()).isEqualTo(202);
        assertThat(ended.get()).isIn(200, 1);
        await().atMost(Duration.ofSeconds(75)).until(() -> system.queryLong("SELECT status FROM seckill_order WHERE id = ?", pending)
                == ("cancelled".equals(end) ? 2 : 3));
        awaitStatus(paid, paidToken, "REFUNDED");

        await().atMost(SETTLED).until(() -> stockInMySql(activityId) == 2 && "2".equals(system.redis.get(SeckillKeys.stock(activityId))));
        // both units sold again, and no third
        buy(activityId, system.token(SeckillSystem.uniqueId(), false));
        buy(activityId, system.token(SeckillSystem.uniqueId(), false));
        String late = system.token(SeckillSystem.uniqueId(), false);
        SeckillSystem.Response path = system.call("POST", "/api/seckill/" + activityId + "/token", late, null);
        SeckillSystem.Response third = path.status() == 200
                ? system.call("POST", "/api/seckill/" + activityId + "/" + path.body().path("path").asText(), late, null) : path;
        assertThat(third.status()).as(third.raw()).isEqualTo(410);
        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ? AND status IN (0, 1)", activityId))
                .isEqualTo(2);
    }

    @Test
    void aRefundAfterTheSaleEndedKeepsTheBooksConsistentAndSellsNothing() {
        Instant end = Instant.now().plusSeconds(10);
        long activityId = system.createActivity("E2E ending phone", 1, Instant.now().minusSeconds(2), end);
        String token = system.token(SeckillSystem.uniqueId(), false);
        long orderId = buyAndPay(activityId, token);
        await().atMost(Duration.ofSeconds(30)).until(() -> Instant.now().isAfter(end.plusSeconds(1)));

        SeckillSystem.Response refunded = refund(orderId, token, "after the sale");
        assertThat(refunded.status()).as(refunded.raw()).isEqualTo(202);
        awaitStatus(orderId, token, "REFUNDED");

        String admin = system.token(SeckillSystem.uniqueId(), true);
        await().atMost(SETTLED).until(() -> system.call("GET", "/api/admin/activities/" + activityId + "/stats", admin, null).body()
                .path("consistent").asBoolean());
        SeckillSystem.Response path = system.call("POST", "/api/seckill/" + activityId + "/token", system.token(SeckillSystem.uniqueId(), false), null);
        assertThat(path.status()).as("the sale is over, whatever came back: " + path.raw()).isEqualTo(403);
        assertThat(path.body().path("code").asText()).isEqualTo("ENDED");
    }

    @Test
    void forgedWrongAndReplayedRefundCallbacksChangeNothing() throws Exception {
        long activityId = system.createActivity(1);
        String token = system.token(SeckillSystem.uniqueId(), false);
        long orderId = buyAndPay(activityId, token);
        String tradeNo = system.call("POST", "/api/payments", token, "{\"orderId\":" + orderId + "}").body().path("tradeNo").asText();

        // no refund was asked for: a signed "refunded" for a refund number nobody issued is unknown
        SeckillSystem.Response invented = callback(refundCallback(tradeNo, orderId, "1.99", "R1", Instant.now()), true);
        assertThat(invented.status()).as(invented.raw()).isEqualTo(404);

        SeckillSystem.Response asked = refund(orderId, token, "broken on arrival");
        assertThat(asked.status()).as(asked.raw()).isEqualTo(202);
        String refundNo = asked.body().path("refundNo").asText();
        awaitStatus(orderId, token, "REFUNDED");
        long stock = stockInMySql(activityId);
        long events = system.queryLong("SELECT COUNT(*) FROM refund WHERE order_id = ? AND status = 1", orderId);

        String genuine = refundCallback(tradeNo, orderId, "1.99", refundNo, Instant.now());
        assertThat(callback(genuine, false).status()).as("a forged signature").isEqualTo(400);
        assertThat(callback(refundCallback(tradeNo, orderId, "0.01", refundNo, Instant.now()), true).status())
                .as("a wrong amount").isEqualTo(400);
        assertThat(callback(refundCallback(tradeNo, orderId, "1.99", refundNo, Instant.now().minus(Duration.ofHours(1))), true).status())
                .as("a replay from an hour ago").isEqualTo(400);
        SeckillSystem.Response duplicate = callback(genuine, true);
        assertThat(duplicate.status()).as("a duplicate is acknowledged: " + duplicate.raw()).isEqualTo(200);
        assertThat(duplicate.body().path("status").asText()).isEqualTo("REFUNDED");

        assertThat(stockInMySql(activityId)).as("no unit returned twice").isEqualTo(stock);
        assertThat(system.queryLong("SELECT COUNT(*) FROM refund WHERE order_id = ? AND status = 1", orderId)).isEqualTo(events);
        assertThat(system.queryLong("SELECT status FROM seckill_order WHERE id = ?", orderId)).isEqualTo(4);
    }

    private static void together(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String refundCallback(String tradeNo, long orderId, String amount, String refundNo, Instant at) {
        return "{\"tradeNo\":\"%s\",\"orderId\":%d,\"amount\":%s,\"status\":\"REFUNDED\",\"timestamp\":%d,\"refundNo\":\"%s\"}"
                .formatted(tradeNo, orderId, amount, at.getEpochSecond(), refundNo);
    }

    /** Posts a provider callback through the gateway, signed with the provider's key or a forged one. */
    private static SeckillSystem.Response callback(String body, boolean genuine) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec((genuine ? CALLBACK_SECRET : "a-forger-guessing-the-key-0123456789abcdef")
                .getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String signature = HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
        return system.callWith("POST", "/api/payments/callback", null, Map.of("X-Signature", signature), body);
    }
}
