package com.seckill.seckill.activity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.OrderQueueStandIn;
import com.seckill.seckill.SeckillServiceIT;
import com.seckill.seckill.settle.Reconciler;
import com.seckill.web.test.Callers;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.RequestBuilder;

/**
 * {@code POST /api/admin/activities/{id}/stock} on the real MariaDB, Redis and RabbitMQ: a sold-out sale
 * sells exactly the units added, MySQL and Redis agree, and a top-up is counted once whatever happened to
 * its Redis step (never given, given twice, figures rebuilt from MySQL after it, a reconciliation that
 * read the total before it).
 */
class StockTopUpIT extends SeckillServiceIT {

    private static final long ADMIN = 42;

    @Autowired
    MockMvc mvc;
    @Autowired
    ObjectMapper json;
    @Autowired
    StringRedisTemplate redis;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    AmqpAdmin admin;
    @Autowired
    StockTopUps topUps;
    @Autowired
    ActivityStore store;
    @Autowired
    ActivityWarmer warmer;
    @Autowired
    ActivityMapper activities;
    @Autowired
    Reconciler reconciler;

    private OrderQueueStandIn orders;

    record Answer(int status, JsonNode body) {
    }

    @BeforeEach
    void bindTestQueue() {
        orders = OrderQueueStandIn.bind(admin);
    }

    @AfterEach
    void dropTestQueue() {
        orders.close();
    }

    private Answer call(RequestBuilder request) throws Exception {
        MockHttpServletResponse response = mvc.perform(request).andReturn().getResponse();
        String text = response.getContentAsString();
        return new Answer(response.getStatus(), text.isEmpty() ? json.nullNode() : json.readTree(text));
    }

    private long createActivity(int stock, Instant start) throws Exception {
        String body = """
                {"goodsId":%d,"goodsName":"Restocked phone","price":19.90,"stock":%d,"startTime":"%s","endTime":"%s","captchaRequired":false}
                """.formatted(uniqueId(), stock, start, start.plus(Duration.ofHours(1)));
        Answer created = call(post("/api/admin/activities").contentType(MediaType.APPLICATION_JSON).content(body)
                .with(Callers.admin(ADMIN)));
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
        return created.body().get("id").asLong();
    }

    private Answer addStock(long activityId, String body) throws Exception {
        return call(post("/api/admin/activities/{id}/stock", activityId).contentType(MediaType.APPLICATION_JSON).content(body)
                .with(Callers.admin(ADMIN)));
    }

    private int buy(long activityId, long userId) throws Exception {
        Answer token = call(post("/api/seckill/{id}/token", activityId).with(Callers.user(userId)));
        if (token.status() != 200) {
            return token.status();
        }
        return call(post("/api/seckill/{id}/{path}", activityId, token.body().get("path").asText()).with(Callers.user(userId)))
                .status();
    }

    private Map<String, Object> row(long activityId) {
        return jdbc.queryForMap("SELECT stock_total, stock FROM seckill_activity WHERE id = ?", activityId);
    }

    private int redisStock(long activityId) {
        return Integer.parseInt(redis.opsForValue().get(SeckillKeys.stock(activityId)));
    }

    @Test
    void aSoldOutSaleToppedUpSellsExactlyTheUnitsAddedAndTheTopUpIsAudited() throws Exception {
        long activityId = createActivity(2, Instant.now().minusSeconds(5));
        assertThat(buy(activityId, uniqueId())).isEqualTo(202);
        assertThat(buy(activityId, uniqueId())).isEqualTo(202);
        assertThat(buy(activityId, uniqueId())).as("sold out, and this instance remembers it").isEqualTo(410);

        Answer added = addStock(activityId, "{\"add\":3}");

        assertThat(added.status()).as(added.body().toString()).isEqualTo(200);
        assertThat(added.body().get("stockTotal").asInt()).isEqualTo(5);
        assertThat(added.body().get("stockLeft").asInt()).isEqualTo(3);
        assertThat(added.body().get("status").asText()).isEqualTo("ONGOING");
        // order-service is not running here: MySQL's stock column is what it was plus the units added
        assertThat(row(activityId)).containsEntry("stock_total", 5).containsEntry("stock", 5);
        assertThat(redisStock(activityId)).isEqualTo(3);
        assertThat(redis.opsForHash().get(SeckillKeys.info(activityId), "stockTotal")).isEqualTo("5");
        long bought = 0;
        for (int i = 0; i < 6; i++) {
            int status = buy(activityId, uniqueId());
            assertThat(status).isIn(202, 410);
            bought += status == 202 ? 1 : 0;
        }
        assertThat(bought).isEqualTo(3);
        assertThat(redisStock(activityId)).isZero();

        List<Map<String, Object>> audit = jdbc.queryForList(
                "SELECT actor_id, before_json, after_json FROM activity_audit WHERE activity_id = ? AND action = 'stock.add'", activityId);
        assertThat(audit).hasSize(1);
        assertThat(((Number) audit.get(0).get("actor_id")).longValue()).isEqualTo(ADMIN);
        assertThat(json.readTree((String) audit.get(0).get("before_json")).get("stockTotal").asInt()).isEqualTo(2);
        assertThat(json.readTree((String) audit.get(0).get("after_json")).get("stockTotal").asInt()).isEqualTo(5);
        assertThat(json.readTree((String) audit.get(0).get("after_json")).get("added").asInt()).isEqualTo(3);
        assertThat(call(get("/api/activities/{id}", activityId).with(Callers.anonymous())).body().get("stockTotal").asInt())
                .isEqualTo(5);
    }

    @Test
    void aTopUpRedisNeverGotIsAddedByTheSweepOnceHoweverOftenItRuns() throws Exception {
        long activityId = createActivity(4, Instant.now().minusSeconds(5));
        // what a top-up whose Redis step failed leaves: the rows, and Redis as it was
        store.topUp(activityId, 6, ADMIN, Instant.now());
        assertThat(redisStock(activityId)).isEqualTo(4);

        topUps.sweep();
        topUps.sweep();

        assertThat(redisStock(activityId)).isEqualTo(10);
        assertThat(redis.opsForHash().get(SeckillKeys.info(activityId), "stockTotal")).isEqualTo("10");
        assertThat(addStock(activityId, "{\"add\":1}").body().get("stockTotal").asInt()).isEqualTo(11);
        topUps.sweep();
        assertThat(redisStock(activityId)).isEqualTo(11);
        assertThat(row(activityId)).containsEntry("stock_total", 11).containsEntry("stock", 11);
    }

    @Test
    void figuresBuiltFromMysqlAfterATopUpCountItOnce() throws Exception {
        long activityId = createActivity(5, Instant.now().plusSeconds(300));
        assertThat(addStock(activityId, "{\"add\":3}").status()).isEqualTo(200);
        assertThat(redisStock(activityId)).isEqualTo(8);

        // Redis lost the activity (a flush, a replica promoted without it): built again from MySQL
        redis.delete(List.of(SeckillKeys.info(activityId), SeckillKeys.stock(activityId), SeckillKeys.users(activityId),
                SeckillKeys.topUps(activityId)));
        assertThat(warmer.warm(activities.findById(activityId))).isTrue();
        assertThat(redisStock(activityId)).isEqualTo(8);
        topUps.sweep();

        assertThat(redisStock(activityId)).as("the top-up is in MySQL's stock: not added again").isEqualTo(8);
        assertThat(redis.opsForHash().get(SeckillKeys.info(activityId), "stockTotal")).isEqualTo("8");
    }

    @Test
    void aReconciliationThatReadTheTotalBeforeATopUpDoesNotUndoIt() throws Exception {
        long activityId = createActivity(3, Instant.now().minusSeconds(5));
        Activity before = activities.findById(activityId);
        assertThat(addStock(activityId, "{\"add\":2}").status()).isEqualTo(200);

        Reconciler.Outcome outcome = reconciler.reconcile(before);

        assertThat(outcome).isNotEqualTo(Reconciler.Outcome.REPAIRED);
        assertThat(redisStock(activityId)).isEqualTo(5);
        assertThat(reconciler.reconcile(activities.findById(activityId))).isEqualTo(Reconciler.Outcome.CONSISTENT);
    }

    @Test
    void badTopUpsAreRefusedAndChangeNothing() throws Exception {
        long activityId = createActivity(3, Instant.now().minusSeconds(5));
        // 999,998 more would make 1,000,001 units: more than an activity holds
        for (String body : List.of("{\"add\":0}", "{\"add\":-1}", "{}", "{\"add\":\"x\"}", "{\"add\":1000001}",
                "{\"add\":1.5}", "{\"add\":\"5\"}", "{\"add\":999998}", "{\"add\":", "[]")) {
            Answer refused = addStock(activityId, body);
            assertThat(refused.status()).as(body).isEqualTo(400);
            assertThat(refused.body().get("code").asText()).as(body).isEqualTo("BAD_REQUEST");
        }
        assertThat(addStock(uniqueId(), "{\"add\":1}").body().get("code").asText()).isEqualTo("NOT_FOUND");
        Answer shopper = call(post("/api/admin/activities/{id}/stock", activityId).contentType(MediaType.APPLICATION_JSON)
                .content("{\"add\":1}").with(Callers.user(uniqueId())));
        assertThat(shopper.status()).isEqualTo(403);

        jdbc.update("UPDATE seckill_activity SET end_time = ? WHERE id = ?", java.sql.Timestamp.from(Instant.now().minusSeconds(1)),
                activityId);
        Answer ended = addStock(activityId, "{\"add\":1}");
        assertThat(ended.status()).isEqualTo(409);
        assertThat(ended.body().get("code").asText()).isEqualTo("CONFLICT");

        assertThat(row(activityId)).containsEntry("stock_total", 3).containsEntry("stock", 3);
        assertThat(redisStock(activityId)).isEqualTo(3);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM stock_top_up WHERE activity_id = ?", Integer.class, activityId)).isZero();
    }
}
