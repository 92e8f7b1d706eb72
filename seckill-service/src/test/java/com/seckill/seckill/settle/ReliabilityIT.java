package com.seckill.seckill.settle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.Queues;
import com.seckill.seckill.purchase.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.OrderQueueStandIn;
import com.seckill.seckill.SeckillServiceIT;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.activity.ActivityWarmer;
import com.seckill.web.test.Callers;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.web.servlet.MockMvc;

/**
 * What survives Redis losing its data (contract §10): figures rebuilt from MySQL only once every
 * purchase in flight is written, results answered from MySQL, stuck requests settled and never
 * given up while their message may still come, and reconciliation.
 */
class ReliabilityIT extends SeckillServiceIT {

    private static final Duration REBUILT = Duration.ofSeconds(20);

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
    @Autowired
    AmqpAdmin admin;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    RabbitTemplate rabbit;

    /** The order queue as order-service declares it, empty: nothing in flight unless a test puts it there. */
    @BeforeEach
    void emptyOrderPipeline() {
        OrderQueueStandIn.emptyOrderCreateQueue(admin);
        orderService.consumerBusy.set(false);
    }

    @AfterEach
    void consumerIdle() {
        orderService.consumerBusy.set(false);
        admin.purgeQueue(Queues.ORDER_CREATE, false);
    }

    private Activity runningActivity(int stock) throws Exception {
        Instant start = Instant.now().minusSeconds(30);
        String body = """
                {"goodsId":%d,"goodsName":"Reliable phone","price":5.00,"stock":%d,"startTime":"%s","endTime":"%s"}
                """.formatted(uniqueId(), stock, start, start.plus(Duration.ofHours(1)));
        String answer = mvc.perform(post("/api/admin/activities").contentType(MediaType.APPLICATION_JSON).content(body)
                        .with(Callers.admin(1)))
                .andExpect(status().isCreated()).andReturn().getResponse().getContentAsString();
        return catalog.find(json.readTree(answer).get("id").asLong()).orElseThrow();
    }

    private RequestResult result(String requestId) throws Exception {
        return json.readValue(redis.opsForValue().get(SeckillKeys.result(requestId)), RequestResult.class);
    }

    /** A shopper's two steps: a path, then the purchase on it (the status of the first that is refused). */
    private int buy(long activityId, long userId) throws Exception {
        var issued = mvc.perform(post("/api/seckill/{id}/token", activityId).with(Callers.user(userId))).andReturn().getResponse();
        if (issued.getStatus() != 200) {
            return issued.getStatus();
        }
        String path = json.readTree(issued.getContentAsString()).get("path").asText();
        return mvc.perform(post("/api/seckill/{id}/{path}", activityId, path).with(Callers.user(userId)))
                .andReturn().getResponse().getStatus();
    }

    /** LASTSAVE in seconds, as the scripts see it (the client converts it to milliseconds). */
    private long lastSave() {
        return redis.execute((RedisCallback<Long>) connection -> connection.serverCommands().lastSave()) / 1000;
    }

    /** As if Redis had restarted and reloaded figures older than what it had served (an AOF missing its last second). */
    private void restartedWithOlderFigures(long activityId, String stock) {
        redis.opsForValue().set(SeckillKeys.stock(activityId), stock);
        redis.delete(List.of(SeckillKeys.users(activityId), SeckillKeys.outbox(activityId), SeckillKeys.queued(activityId)));
        redis.opsForHash().put(SeckillKeys.info(activityId), "runId", "a-redis-process-that-is-gone");
        redis.opsForHash().put(SeckillKeys.info(activityId), "epoch", String.valueOf(lastSave() - 60));
    }

    @Test
    void figuresRedisLostAreRebuiltOnlyOnceEveryPurchaseInFlightIsInMysql() throws Exception {
        Activity activity = runningActivity(5);
        long alice = uniqueId();
        long bob = uniqueId();
        long carol = uniqueId();
        orderService.placeOrder(activity.id(), alice, UUID.randomUUID().toString());
        orderService.placeOrder(activity.id(), bob, UUID.randomUUID().toString());
        restartedWithOlderFigures(activity.id(), "5");
        String carolsRequest = UUID.randomUUID().toString();
        rabbit.convertAndSend(Queues.ORDER_EXCHANGE, Queues.ORDER_CREATE_ROUTING_KEY, "{\"requestId\":\"" + carolsRequest + "\"}");

        assertThat(buy(activity.id(), uniqueId())).as("nothing sells on figures Redis may have lost").isEqualTo(503);
        assertThat(warmer.warm(activity)).isFalse();
        mvc.perform(get("/api/seckill/result/{id}", carolsRequest).with(Callers.user(carol)))
                .andExpect(status().isServiceUnavailable()).andExpect(jsonPath("$.code").value("BUSY"));
        // carol's message is taken by a consumer, which is still writing it
        admin.purgeQueue(Queues.ORDER_CREATE, false);
        orderService.consumerBusy.set(true);
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).until(() -> !warmer.warm(activity));
        orderService.placeOrder(activity.id(), carol, carolsRequest);
        orderService.consumerBusy.set(false);

        await().atMost(REBUILT).until(() -> warmer.warm(activity));

        assertThat(redis.opsForValue().get(SeckillKeys.stock(activity.id()))).isEqualTo("2");
        assertThat(redis.opsForSet().members(SeckillKeys.users(activity.id())))
                .containsExactlyInAnyOrder(String.valueOf(alice), String.valueOf(bob), String.valueOf(carol));
        assertThat(buy(activity.id(), carol)).as("carol holds her unit").isEqualTo(409);
        assertThat(buy(activity.id(), uniqueId())).isEqualTo(202);
        mvc.perform(get("/api/seckill/result/{id}", carolsRequest).with(Callers.user(carol)))
                .andExpect(status().isOk()).andExpect(jsonPath("$.status").value("SUCCESS"));
    }

    @Test
    void aRedisThatCameBackEmptyIsRebuiltWithTheHoldersOfLiveOrders() throws Exception {
        Activity activity = runningActivity(5);
        long alice = uniqueId();
        orderService.placeOrder(activity.id(), alice, UUID.randomUUID().toString());
        redis.delete(List.of(SeckillKeys.info(activity.id()), SeckillKeys.stock(activity.id()),
                SeckillKeys.users(activity.id())));

        assertThat(buy(activity.id(), uniqueId())).isEqualTo(503);
        await().atMost(REBUILT).until(() -> warmer.warm(activity));

        assertThat(redis.opsForValue().get(SeckillKeys.stock(activity.id()))).isEqualTo("4");
        assertThat(redis.opsForSet().members(SeckillKeys.users(activity.id()))).containsExactly(String.valueOf(alice));
    }

    @Test
    void aSnapshotSavedByTheSameRedisMovesOnlyTheStamp() throws Exception {
        Activity activity = runningActivity(5);
        redis.opsForValue().set(SeckillKeys.stock(activity.id()), "3"); // two units sold, not yet in MySQL
        redis.opsForHash().put(SeckillKeys.info(activity.id()), "epoch", String.valueOf(lastSave() - 60));

        assertThat(warmer.warm(activity)).isTrue();

        assertThat(redis.opsForValue().get(SeckillKeys.stock(activity.id()))).as("not rebuilt from MySQL").isEqualTo("3");
        assertThat(buy(activity.id(), uniqueId())).isEqualTo(202);
    }

    @Test
    void aResultRedisLostIsAnsweredFromWhatMysqlRecordedAndOnlyToItsOwner() throws Exception {
        Activity activity = runningActivity(5);
        long owner = uniqueId();
        String requestId = UUID.randomUUID().toString();
        long orderId = orderService.placeOrder(activity.id(), owner, requestId);

        mvc.perform(get("/api/seckill/result/{id}", requestId).with(Callers.user(owner + 1)))
                .andExpect(status().isNotFound());
        mvc.perform(get("/api/seckill/result/{id}", requestId).with(Callers.user(owner)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.status").value("SUCCESS"))
                .andExpect(jsonPath("$.orderId").value(orderId));
        assertThat(result(requestId).status()).as("written back to Redis").isEqualTo(RequestResult.Status.SUCCESS);
    }

    @Test
    void aRequestLeftQueuedIsSettledFromWhatMysqlRecorded() throws Exception {
        Activity activity = runningActivity(5);
        long userId = uniqueId();
        String requestId = UUID.randomUUID().toString();
        long old = Instant.now().minus(Duration.ofMinutes(2)).toEpochMilli();
        redis.opsForZSet().add(SeckillKeys.queued(activity.id()), requestId, old);
        redis.opsForValue().set(SeckillKeys.result(requestId), json.writeValueAsString(RequestResult.queued(requestId, userId)));
        long orderId = orderService.placeOrder(activity.id(), userId, requestId);

        assertThat(resolver.resolve(activity)).isZero();

        assertThat(result(requestId).status()).isEqualTo(RequestResult.Status.SUCCESS);
        assertThat(result(requestId).orderId()).isEqualTo(orderId);
        assertThat(redis.opsForZSet().size(SeckillKeys.queued(activity.id()))).isZero();
    }

    @Test
    void aRequestFoundNowhereIsFailedOnlyAfterTheGiveUpDelayAndOnceNoMessageCanStillCome() throws Exception {
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

        orderService.consumerBusy.set(true); // a backlog is being worked off: the lost one may be in it
        assertThat(resolver.resolve(activity)).isEqualTo(2);
        assertThat(result(lost).status()).isEqualTo(RequestResult.Status.QUEUED);
        orderService.consumerBusy.set(false);

        assertThat(resolver.resolve(activity)).as("the recent one is still awaited").isEqualTo(1);

        assertThat(result(lost).status()).isEqualTo(RequestResult.Status.FAIL);
        assertThat(result(lost).reason()).isEqualTo("LOST");
        assertThat(result(recent).status()).isEqualTo(RequestResult.Status.QUEUED);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activity.id()))).isEqualTo("4");
        assertThat(redis.opsForSet().isMember(SeckillKeys.users(activity.id()), String.valueOf(userId))).isFalse();
        assertThat(resolver.resolve(activity)).isEqualTo(1);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activity.id()))).as("returned once").isEqualTo("4");
    }

    @Test
    void reconciliationRepairsRedisFromMysqlOnlyWhenNothingIsInFlight() throws Exception {
        Activity activity = runningActivity(6);
        long holder = uniqueId();
        orderService.placeOrder(activity.id(), holder, UUID.randomUUID().toString());
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
    void anOperatorsReconciliationIsAuditedWithWhoWhenAndWhatItFound() throws Exception {
        Activity activity = runningActivity(3);
        redis.opsForValue().set(SeckillKeys.stock(activity.id()), "7");
        long admin = uniqueId();

        mvc.perform(post("/api/admin/activities/{id}/reconcile", activity.id()).with(Callers.admin(admin)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.redisStock").value(3));

        List<Map<String, Object>> audit = jdbc.queryForList("SELECT actor_id, after_json, create_time FROM activity_audit"
                + " WHERE activity_id = ? AND action = 'activity.reconcile'", activity.id());
        assertThat(audit).singleElement().satisfies(entry -> {
            assertThat(((Number) entry.get("actor_id")).longValue()).isEqualTo(admin);
            assertThat((String) entry.get("after_json")).isEqualTo("{\"outcome\":\"REPAIRED\"}");
            assertThat(entry.get("create_time")).isNotNull();
        });
    }

    @Test
    void aPurchaseThatBecomesAnOrderWhileMysqlIsBeingReadIsNeverUndoneByTheRepair() throws Exception {
        Activity activity = runningActivity(10);
        long id = activity.id();
        long holder = uniqueId();
        long latecomer = uniqueId();
        orderService.placeOrder(id, holder, UUID.randomUUID().toString());
        redis.opsForValue().set(SeckillKeys.stock(id), "42"); // wrong: the reconciler means to repair it
        // while order-service reads the holders, a purchase is accepted in Redis and its order written
        orderService.beforeNextHolders.set(() -> {
            redis.opsForValue().decrement(SeckillKeys.stock(id));
            redis.opsForSet().add(SeckillKeys.users(id), String.valueOf(latecomer));
            orderService.placeOrder(id, latecomer, UUID.randomUUID().toString());
        });

        assertThat(reconciler.reconcile(activity)).isEqualTo(Reconciler.Outcome.IN_FLIGHT);
        assertThat(redis.opsForSet().isMember(SeckillKeys.users(id), String.valueOf(latecomer)))
                .as("the latecomer keeps the unit the snapshot did not know of").isTrue();

        assertThat(reconciler.reconcile(activity)).isEqualTo(Reconciler.Outcome.REPAIRED);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(id))).isEqualTo("8");
        assertThat(redis.opsForSet().members(SeckillKeys.users(id)))
                .containsExactlyInAnyOrder(String.valueOf(holder), String.valueOf(latecomer));
    }

    @Test
    void aPurchaseWrittenJustAfterMysqlWasReadIsNeverUndoneThoughAUnitCameBackMeanwhile() throws Exception {
        Activity activity = runningActivity(10);
        long id = activity.id();
        long holder = uniqueId();
        long leaver = uniqueId();
        long latecomer = uniqueId();
        orderService.placeOrder(id, holder, UUID.randomUUID().toString());
        long leaversOrder = orderService.placeOrder(id, leaver, UUID.randomUUID().toString());
        redis.opsForSet().add(SeckillKeys.users(id), String.valueOf(holder), String.valueOf(leaver));
        redis.opsForValue().set(SeckillKeys.stock(id), "42"); // wrong: the reconciler means to repair it
        // once MySQL was read: a purchase is accepted and written, and the leaver's cancelled order gives its
        // unit back, so the stock and the number of holders end as they were read
        orderService.afterNextHolders.set(() -> {
            redis.opsForValue().decrement(SeckillKeys.stock(id));
            redis.opsForSet().add(SeckillKeys.users(id), String.valueOf(latecomer));
            orderService.placeOrder(id, latecomer, UUID.randomUUID().toString());
            orderService.cancel(leaversOrder);
            redis.opsForSet().remove(SeckillKeys.users(id), String.valueOf(leaver));
            redis.opsForValue().increment(SeckillKeys.stock(id));
        });

        assertThat(reconciler.reconcile(activity)).isEqualTo(Reconciler.Outcome.IN_FLIGHT);
        assertThat(redis.opsForSet().isMember(SeckillKeys.users(id), String.valueOf(latecomer)))
                .as("the latecomer keeps the unit the MySQL read did not know of").isTrue();

        assertThat(reconciler.reconcile(activity)).isEqualTo(Reconciler.Outcome.REPAIRED);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(id))).isEqualTo("8");
        assertThat(redis.opsForSet().members(SeckillKeys.users(id)))
                .containsExactlyInAnyOrder(String.valueOf(holder), String.valueOf(latecomer));
    }
}
