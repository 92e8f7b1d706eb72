package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.seckill.common.redis.SeckillKeys;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Buy, pay through the sandbox provider's signed callback, cancel: all through the gateway. */
class OrderLifecycleE2EIT {

    private static final SeckillSystem system = new SeckillSystem();

    @AfterAll
    static void close() {
        system.close();
    }

    private long buy(long activityId, String token) {
        return system.buy(activityId, token);
    }

    @Test
    void aPaidOrderStaysPaidAndItsPaymentIsIdempotent() {
        long activityId = system.createActivity(3);
        long userId = SeckillSystem.uniqueId();
        String token = system.token(userId, false);
        long orderId = buy(activityId, token);

        SeckillSystem.Response payment = system.call("POST", "/api/payments", token, "{\"orderId\":" + orderId + "}");
        assertThat(payment.status()).as(payment.raw()).isEqualTo(201);
        assertThat(payment.body().path("amount").decimalValue()).isEqualByComparingTo("1.99");
        String tradeNo = payment.body().get("tradeNo").asText();
        SeckillSystem.Response again = system.call("POST", "/api/payments", token, "{\"orderId\":" + orderId + "}");
        assertThat(again.body().path("tradeNo").asText()).isEqualTo(tradeNo);
        SeckillSystem.Response forged = system.call("POST", "/api/payments", token,
                "{\"orderId\":" + orderId + ",\"amount\":0.01}");
        assertThat(forged.status()).isEqualTo(400);

        SeckillSystem.Response simulated = system.call("POST", "/api/payments/" + tradeNo + "/simulate", token, null);
        assertThat(simulated.status()).as(simulated.raw()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(20)).until(() ->
                "PAID".equals(system.call("GET", "/api/orders/" + orderId, token, null).body().path("status").asText()));
        SeckillSystem.Response cancel = system.call("POST", "/api/orders/" + orderId + "/cancel", token, null);
        assertThat(cancel.status()).isEqualTo(409);
        assertThat(cancel.body().path("code").asText()).isEqualTo("CONFLICT");
        assertThat(system.call("POST", "/api/payments/callback", null, "{\"tradeNo\":\"" + tradeNo + "\"}").status())
                .isEqualTo(400);
        assertThat(system.queryLong("SELECT status FROM payment WHERE trade_no = ?", tradeNo)).isEqualTo(1);
    }

    @Test
    void cancellingReturnsTheUnitAndTheShopperCanBuyAgain() {
        long activityId = system.createActivity(1);
        long userId = SeckillSystem.uniqueId();
        String token = system.token(userId, false);
        long orderId = buy(activityId, token);
        assertThat(system.redis.get(SeckillKeys.stock(activityId))).isEqualTo("0");

        SeckillSystem.Response cancelled = system.call("POST", "/api/orders/" + orderId + "/cancel", token, null);
        assertThat(cancelled.status()).as(cancelled.raw()).isEqualTo(200);
        assertThat(cancelled.body().path("status").asText()).isEqualTo("CANCELLED");
        assertThat(system.call("POST", "/api/orders/" + orderId + "/cancel", token, null).status()).isEqualTo(409);
        assertThat(system.call("POST", "/api/orders/" + orderId + "/cancel", system.token(userId + 1, false), null).status())
                .isEqualTo(404);

        assertThat(system.redis.get(SeckillKeys.stock(activityId))).isEqualTo("1");
        assertThat(system.queryLong("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isEqualTo(1);
        long second = buy(activityId, token);
        assertThat(second).isNotEqualTo(orderId);
        assertThat(system.queryLong("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isZero();
    }
}
