package com.seckill.seckill.settle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.doAnswer;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.redis.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.test.TestInfra;
import com.seckill.seckill.SeckillServiceIT;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.activity.ActivityWarmer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.mybatis.spring.SqlSessionTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;
import org.springframework.test.web.servlet.MockMvc;

/** Redis rebuilt from MySQL after it lost its data, stuck requests settled, reconciliation. */
class ReliabilityIT extends SeckillServiceIT {

    @Autowired
    MockMvc mvc;
    @Autowired
    StringRedisTemplate redis;
    @Autowired
    ObjectMapper json;
    @Autowired
    ActivityCatalog catalog;
    @Autowired
    ActivityWarmer warmer;
    @Autowired
    StuckRequestResolver resolver;
    @Autowired
    Reconciler reconciler;
    /** The ledger the reconciler reads; one test makes an order land while it is being read. */
    @MockitoSpyBean
    OrderLedger ledger;
    @Autowired
    SqlSessionTemplate sessions;

    private Activity runningActivity(int stock) throws Exception {
        Instant start = Instant.now().minusSeconds(5);
        String body = """
                {"goodsId":%d,"goodsName":"Reliable phone","price":5.00,"stock":%d,"startTime":"%s","endTime":"%s"}
                """.formatted(uniqueId(), stock, start, start.plus(Duration.ofHours(1)));
        String answer = mvc.perform(post("/api/admin/activities").contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isCreated()).andReturn().getResponse().getContentAsString();
        return catalog.find(json.readTree(answer).get("id").asLong()).orElseThrow();
    }

    /** An order row as order-service writes it, with the stock it took. */
    private long liveOrder(long activityId, long userId, String requestId) throws Exception {
        try (Connection c = TestInfra.connection();
             PreparedStatement s = c.prepareStatement("INSERT INTO seckill_order (order_no, request_id, user_id, activity_id,"
                     + " goods_id, goods_name, price) VALUES (?, ?, ?, ?, 1, 'x', 5.00)", PreparedStatement.RETURN_GENERATED_KEYS)) {
            s.setString(1, "r" + uniqueId());
            s.setString(2, requestId);
            s.setLong(3, userId);
            s.setLong(4, activityId);
            s.executeUpdate();
            c.createStatement().executeUpdate("UPDATE seckill_activity SET stock = stock - 1 WHERE id = " + activityId);
            var keys = s.getGeneratedKeys();
            keys.next();
            return keys.getLong(1);
        }
    }

    private RequestResult result(String requestId) throws Exception {
        return json.readValue(redis.opsForValue().get(SeckillKeys.result(requestId)), RequestResult.class);
    }

    @Test
    void redisThatLostItsDataIsRebuiltFromMysqlWithTheHoldersOfLiveOrders() throws Exception {
        Activity activity = runningActivity(5);
        long alice = uniqueId();
        long bob = uniqueId();
        liveOrder(activity.id(), alice, UUID.randomUUID().toString());
        liveOrder(activity.id(), bob, UUID.randomUUID().toString());
        redis.delete(java.util.List.of(SeckillKeys.stock(activity.id()), SeckillKeys.users(activity.id())));

        warmer.warm(activity);

        assertThat(redis.opsForValue().get(SeckillKeys.stock(activity.id()))).isEqualTo("3");
        assertThat(redis.opsForSet().members(SeckillKeys.users(activity.id())))
                .containsExactlyInAnyOrder(String.valueOf(alice), String.valueOf(bob));
    }

    @Test
    void aRequestLeftQueuedIsSettledFromWhatMysqlRecorded() throws Exception {
        Activity activity = runningActivity(5);
        long userId = uniqueId();
        String requestId = UUID.randomUUID().toString();
        long old = Instant.now().minus(Duration.ofMinutes(2)).toEpochMilli();
        redis.opsForZSet().add(SeckillKeys.queued(activity.id()), requestId, old);
        redis.opsForValue().set(SeckillKeys.result(requestId), json.writeValueAsString(RequestResult.queued(requestId, userId)));
        long orderId = liveOrder(activity.id(), userId, requestId);

        assertThat(resolver.resolve(activity.id())).isZero();

        assertThat(result(requestId).status()).isEqualTo(RequestResult.Status.SUCCESS);
        assertThat(result(requestId).orderId()).isEqualTo(orderId);
        assertThat(redis.opsForZSet().size(SeckillKeys.queued(activity.id()))).isZero();
    }

    @Test
    void aRequestFoundNowhereIsFailedAfterTheGiveUpDelayAndItsUnitReturned() throws Exception {
        Activity activity = runningActivity(5);
        long userId = uniqueId();
        String recent = UUID.randomUUID().toString();
        String lost = UUID.randomUUID().toString();
        redis.opsForValue().set(SeckillKeys.stock(activity.id()), "3");
        redis.opsForSet().add(SeckillKeys.users(activity.id()), String.valueOf(userId), String.valueOf(userId + 1));
        redis.opsForZSet().add(SeckillKeys.queued(activity.id()), lost, Instant.now().minus(Duration.ofMinutes(10)).toEpochMilli());
        redis.opsForZSet().add(SeckillKeys.queued(activity.id()), recent, Instant.now().minus(Duration.ofMinutes(2)).toEpochMilli());
        redis.opsForValue().set(SeckillKeys.result(lost), json.writeValueAsString(RequestResult.queued(lost, userId)));
        redis.opsForValue().set(SeckillKeys.result(recent), json.writeValueAsString(RequestResult.queued(recent, userId + 1)));

        assertThat(resolver.resolve(activity.id())).as("the recent one is still awaited").isEqualTo(1);

        assertThat(result(lost).status()).isEqualTo(RequestResult.Status.FAIL);
        assertThat(result(lost).reason()).isEqualTo("LOST");
        assertThat(result(recent).status()).isEqualTo(RequestResult.Status.QUEUED);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activity.id()))).isEqualTo("4");
        assertThat(redis.opsForSet().isMember(SeckillKeys.users(activity.id()), String.valueOf(userId))).isFalse();
        assertThat(resolver.resolve(activity.id())).isEqualTo(1);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activity.id()))).as("returned once").isEqualTo("4");
    }

    @Test
    void reconciliationRepairsRedisFromMysqlOnlyWhenNothingIsInFlight() throws Exception {
        Activity activity = runningActivity(6);
        long holder = uniqueId();
        liveOrder(activity.id(), holder, UUID.randomUUID().toString());
        redis.opsForValue().set(SeckillKeys.stock(activity.id()), "42");
        redis.opsForHash().put(SeckillKeys.outbox(activity.id()), "in-flight", "{}");

        assertThat(reconciler.reconcile(activity)).isEqualTo(Reconciler.Outcome.IN_FLIGHT);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activity.id()))).isEqualTo("42");

        redis.opsForHash().delete(SeckillKeys.outbox(activity.id()), "in-flight");
        assertThat(reconciler.reconcile(activity)).isEqualTo(Reconciler.Outcome.REPAIRED);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activity.id()))).isEqualTo("5");
        assertThat(redis.opsForSet().members(SeckillKeys.users(activity.id()))).containsExactly(String.valueOf(holder));
        assertThat(reconciler.reconcile(activity)).isEqualTo(Reconciler.Outcome.CONSISTENT);
    }

    @Test
    void aPurchaseThatBecomesAnOrderWhileMysqlIsBeingReadIsNeverUndoneByTheRepair() throws Exception {
        Activity activity = runningActivity(10);
        long id = activity.id();
        long holder = uniqueId();
        long latecomer = uniqueId();
        liveOrder(id, holder, UUID.randomUUID().toString());
        redis.opsForValue().set(SeckillKeys.stock(id), "42"); // wrong: the reconciler means to repair it
        OrderLedger real = sessions.getMapper(OrderLedger.class);
        doAnswer(invocation -> {
            List<Long> before = real.liveOrderUsers(id);
            // meanwhile a purchase is accepted in Redis and the consumer turns it into an order
            redis.opsForValue().decrement(SeckillKeys.stock(id));
            redis.opsForSet().add(SeckillKeys.users(id), String.valueOf(latecomer));
            liveOrder(id, latecomer, UUID.randomUUID().toString());
            return before;
        }).doAnswer(invocation -> real.liveOrderUsers(id)).when(ledger).liveOrderUsers(id);

        assertThat(reconciler.reconcile(activity)).isEqualTo(Reconciler.Outcome.IN_FLIGHT);
        assertThat(redis.opsForSet().isMember(SeckillKeys.users(id), String.valueOf(latecomer)))
                .as("the latecomer keeps the unit the snapshot did not know of").isTrue();

        assertThat(reconciler.reconcile(activity)).isEqualTo(Reconciler.Outcome.REPAIRED);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(id))).isEqualTo("8");
        assertThat(redis.opsForSet().members(SeckillKeys.users(id)))
                .containsExactlyInAnyOrder(String.valueOf(holder), String.valueOf(latecomer));
    }
}
