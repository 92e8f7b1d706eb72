package com.seckill.seckill.purchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.eq;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.test.TestInfra;
import com.seckill.seckill.OrderQueueStandIn;
import com.seckill.seckill.SeckillServiceIT;
import com.seckill.seckill.outbox.OutboxPublisher;
import com.seckill.web.test.Callers;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

/** Path issue, purchase, outbox relay and result polling through the service's HTTP API. */
class PurchaseFlowIT extends SeckillServiceIT {

    @Autowired
    MockMvc mvc;
    @Autowired
    StringRedisTemplate redis;
    @Autowired
    ObjectMapper json;
    @Autowired
    AmqpAdmin admin;
    @Autowired
    RabbitTemplate rabbit;
    @Autowired
    OutboxPublisher relay;

    private OrderQueueStandIn orders;

    @BeforeEach
    void bindTestQueue() {
        orders = OrderQueueStandIn.bind(admin);
    }

    @AfterEach
    void dropTestQueue() {
        orders.close();
    }

    long createActivity(int stock, Instant start, Instant end) throws Exception {
        String body = """
                {"goodsId":%d,"goodsName":"Test phone","price":99.50,"stock":%d,"startTime":"%s","endTime":"%s","captchaRequired":false}
                """.formatted(uniqueId(), stock, start, end);
        String answer = mvc.perform(post("/api/admin/activities").contentType(MediaType.APPLICATION_JSON).content(body).with(Callers.admin(1)))
                .andExpect(status().isCreated())
                .andReturn().getResponse().getContentAsString();
        return json.readTree(answer).get("id").asLong();
    }

    long runningActivity(int stock) throws Exception {
        return createActivity(stock, Instant.now().minusSeconds(5), Instant.now().plus(Duration.ofHours(1)));
    }

    String path(long activityId, long userId) throws Exception {
        String answer = mvc.perform(post("/api/seckill/{id}/token", activityId).with(Callers.user(userId)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.expiresInSeconds").value(60))
                .andReturn().getResponse().getContentAsString();
        return json.readTree(answer).get("path").asText();
    }

    ResultActions purchase(long activityId, long userId) throws Exception {
        return mvc.perform(post("/api/seckill/{id}/{path}", activityId, path(activityId, userId))
                .with(Callers.user(userId)));
    }

    @Test
    void createdActivityIsWarmedAndListed() throws Exception {
        long activityId = runningActivity(7);

        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("7");
        assertThat(redis.opsForHash().get(SeckillKeys.info(activityId), "stockTotal")).isEqualTo("7");
        mvc.perform(get("/api/activities/{id}", activityId).with(Callers.anonymous()))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.stockLeft").value(7))
                .andExpect(jsonPath("$.status").value("ONGOING"));
        mvc.perform(get("/api/activities").with(Callers.anonymous())).andExpect(status().isOk())
                .andExpect(jsonPath("$[?(@.id == %d)].goodsName", activityId).value("Test phone"));
    }

    @Test
    void anActivitysMomentsAreTheSameInRedisAsEverywhereElse() throws Exception {
        Instant second = Instant.now().plusSeconds(120).truncatedTo(ChronoUnit.SECONDS);
        long activityId = createActivity(3, second.plusMillis(700), second.plus(Duration.ofHours(1)));

        // whole seconds, as MySQL keeps them: what the Lua script enforces is what every page counts down to
        assertThat(redis.opsForHash().get(SeckillKeys.info(activityId), "startTime"))
                .isEqualTo(String.valueOf(second.toEpochMilli()));
        mvc.perform(get("/api/activities/{id}", activityId).with(Callers.anonymous()))
                .andExpect(jsonPath("$.startTime").value(second.toString()));
    }

    @Test
    void acceptedPurchaseIsPublishedAndLeavesTheOutboxOnlyAfterTheConfirm() throws Exception {
        long activityId = runningActivity(3);
        long userId = uniqueId();

        String answer = purchase(activityId, userId)
                .andExpect(status().isAccepted())
                .andExpect(jsonPath("$.code").value("QUEUED"))
                .andReturn().getResponse().getContentAsString();
        String requestId = json.readTree(answer).get("requestId").asText();

        Message published = rabbit.receive(orders.name(), 10_000);
        assertThat(published).isNotNull();
        OrderMessage message = json.readValue(published.getBody(), OrderMessage.class);
        assertThat(message.requestId()).isEqualTo(requestId);
        assertThat(message.userId()).isEqualTo(userId);
        assertThat(message.activityId()).isEqualTo(activityId);
        assertThat(message.price()).isEqualByComparingTo("99.50");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> redis.opsForHash().size(SeckillKeys.outbox(activityId)) == 0);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("2");

        mvc.perform(get("/api/seckill/result/{id}", requestId).with(Callers.user(userId)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.status").value("QUEUED"));
        mvc.perform(get("/api/seckill/result/{id}", requestId).with(Callers.user(userId + 1)))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.code").value("NOT_FOUND"));
    }

    /** Keeps Redis busy for a while, as a stalled or dying Redis would be: commands sent meanwhile go unanswered. */
    private static final String STALL = """
            local from = redis.call('TIME')
            local start = tonumber(from[1]) * 1000000 + tonumber(from[2])
            while true do
                local now = redis.call('TIME')
                if tonumber(now[1]) * 1000000 + tonumber(now[2]) - start > tonumber(ARGV[1]) then
                    return 1
                end
            end
            """;

    /** A client of the test's own, whose connection can stall Redis while the service's calls wait. */
    private static RedisClient otherRedisClient() {
        TestInfra.Endpoints infra = TestInfra.endpoints();
        return RedisClient.create(RedisURI.builder().withHost(infra.redisHost()).withPort(infra.redisPort())
                .withTimeout(Duration.ofSeconds(30)).build());
    }

    @Test
    void aPurchaseWhoseScriptGoesUnansweredIsAcceptedOnlyOnceTheBrokerHoldsItsMessage() throws Exception {
        long activityId = runningActivity(3);
        long userId = uniqueId();
        String path = path(activityId, userId);
        RedisClient client = otherRedisClient();
        StatefulRedisConnection<String, String> other = client.connect();
        // Redis holds every command for longer than the call and the call made again (3 s each) take: the
        // outcome stays unknown (a script as long would make Redis answer BUSY past its 5 s script limit)
        long pause = 8_000;
        long pausedAt = System.nanoTime();
        assertThat(other.sync().clientPause(pause)).isEqualTo("OK");

        String answer = mvc.perform(post("/api/seckill/{id}/{path}", activityId, path).with(Callers.user(userId)))
                .andExpect(status().isAccepted())
                .andReturn().getResponse().getContentAsString();
        String requestId = json.readTree(answer).get("requestId").asText();
        assertThat(Duration.ofNanos(System.nanoTime() - pausedAt)).as("answered while Redis still could not")
                .isLessThan(Duration.ofMillis(pause));

        Message published = rabbit.receive(orders.name(), 10_000);
        assertThat(published).isNotNull();
        assertThat(json.readValue(published.getBody(), OrderMessage.class).requestId()).isEqualTo(requestId);
        other.close();
        client.shutdown();
        // Redis ran the script once it could: the unit is taken, and the same message was already sent
        await().atMost(Duration.ofSeconds(10)).until(() -> "2".equals(redis.opsForValue().get(SeckillKeys.stock(activityId))));
    }

    @Test
    void aPurchaseWhoseFirstAnswerIsLostButWhichRedisAnswersWhenAskedAgainIsAnOrdinaryAcceptance() throws Exception {
        long activityId = runningActivity(3);
        long userId = uniqueId();
        String path = path(activityId, userId);
        RedisClient client = otherRedisClient();
        StatefulRedisConnection<String, String> other = client.connect();
        // longer than one call's timeout (3 s), shorter than two: the call made again is answered
        RedisFuture<Long> stall = other.async().eval(STALL, ScriptOutputType.INTEGER, new String[0], "4500000");
        await().pollDelay(Duration.ofMillis(300)).atMost(Duration.ofSeconds(5)).until(() -> true);

        String answer = mvc.perform(post("/api/seckill/{id}/{path}", activityId, path).with(Callers.user(userId)))
                .andExpect(status().isAccepted())
                .andReturn().getResponse().getContentAsString();
        String requestId = json.readTree(answer).get("requestId").asText();
        assertThat(stall.isDone()).as("answered once Redis could").isTrue();
        other.close();
        client.shutdown();

        // one unit taken, by the first call (the second found it taken), its message sent once
        Message published = rabbit.receive(orders.name(), 10_000);
        assertThat(json.readValue(published.getBody(), OrderMessage.class).requestId()).isEqualTo(requestId);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("2");
        assertThat(redis.opsForSet().isMember(SeckillKeys.users(activityId), String.valueOf(userId))).isTrue();
        assertThat(redis.opsForValue().get(SeckillKeys.result(requestId))).contains("QUEUED");
    }

    @Test
    void aPathWorksOnceAndOnlyForItsOwnerWhateverTheGatewayDid() throws Exception {
        long activityId = runningActivity(5);
        long userId = uniqueId();
        String path = path(activityId, userId);

        mvc.perform(post("/api/seckill/{id}/{path}", activityId, path).with(Callers.user(uniqueId())))
                .andExpect(status().isForbidden()).andExpect(jsonPath("$.code").value("BAD_PATH"));
        mvc.perform(post("/api/seckill/{id}/{path}", activityId, "nopath").with(Callers.user(userId)))
                .andExpect(status().isForbidden()).andExpect(jsonPath("$.code").value("BAD_PATH"));
        mvc.perform(post("/api/seckill/{id}/{path}", activityId, path).with(Callers.user(userId)))
                .andExpect(status().isAccepted());
        mvc.perform(post("/api/seckill/{id}/{path}", activityId, path).with(Callers.user(userId)))
                .andExpect(status().isForbidden()).andExpect(jsonPath("$.code").value("BAD_PATH"));

        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("4");
        assertThat(redis.hasKey(SeckillKeys.path(activityId, userId))).isFalse();
    }

    @Test
    void aSignedPathThatWasReplacedOrNeverStoredIsRefused() throws Exception {
        long activityId = runningActivity(5);
        long userId = uniqueId();
        String first = path(activityId, userId);
        String second = path(activityId, userId);

        mvc.perform(post("/api/seckill/{id}/{path}", activityId, first).with(Callers.user(userId)))
                .andExpect(status().isForbidden()).andExpect(jsonPath("$.code").value("BAD_PATH"));
        redis.delete(SeckillKeys.path(activityId, userId));
        mvc.perform(post("/api/seckill/{id}/{path}", activityId, second).with(Callers.user(userId)))
                .andExpect(status().isForbidden()).andExpect(jsonPath("$.code").value("BAD_PATH"));
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("5");
    }

    @Test
    void secondPurchaseBySameUserIsRejected() throws Exception {
        long activityId = runningActivity(3);
        long userId = uniqueId();
        purchase(activityId, userId).andExpect(status().isAccepted());

        purchase(activityId, userId)
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.code").value("DUPLICATE"));
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("2");
    }

    @Test
    void soldOutIsGoneAndStaysGoneWithoutTouchingStock() throws Exception {
        long activityId = runningActivity(1);
        purchase(activityId, uniqueId()).andExpect(status().isAccepted());

        purchase(activityId, uniqueId())
                .andExpect(status().isGone())
                .andExpect(jsonPath("$.code").value("SOLD_OUT"));
        // the local flag now answers before Redis is asked
        mvc.perform(post("/api/seckill/{id}/token", activityId).with(Callers.user(uniqueId())))
                .andExpect(status().isGone());
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("0");
    }

    @Test
    void pathsAreRefusedBeforeTheStartAndAfterTheEnd() throws Exception {
        long upcoming = createActivity(5, Instant.now().plus(Duration.ofHours(1)), Instant.now().plus(Duration.ofHours(2)));
        long ended = createActivity(5, Instant.now().minus(Duration.ofHours(2)), Instant.now().minus(Duration.ofHours(1)));
        long userId = uniqueId();

        mvc.perform(post("/api/seckill/{id}/token", upcoming).with(Callers.user(userId)))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.code").value("NOT_STARTED"));
        mvc.perform(post("/api/seckill/{id}/x", upcoming).with(Callers.user(userId)))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.code").value("NOT_STARTED"));
        mvc.perform(post("/api/seckill/{id}/token", ended).with(Callers.user(userId)))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.code").value("ENDED"));
        assertThat(redis.hasKey(SeckillKeys.path(upcoming, userId))).isFalse();
        assertThat(redis.hasKey(SeckillKeys.path(ended, userId))).isFalse();
    }

    @Test
    void pathIsRandomPerRequestAndExpires() throws Exception {
        long activityId = runningActivity(5);
        long userId = uniqueId();
        String first = path(activityId, userId);
        String second = path(activityId, userId);

        assertThat(first).isNotEqualTo(second).hasSizeGreaterThanOrEqualTo(20);
        assertThat(redis.opsForValue().get(SeckillKeys.path(activityId, userId))).isEqualTo(second);
        assertThat(redis.getExpire(SeckillKeys.path(activityId, userId))).isBetween(50L, 60L);
    }

    @Test
    void unknownActivityAndUnknownRequestAre404() throws Exception {
        long userId = uniqueId();
        mvc.perform(get("/api/activities/{id}", uniqueId()).with(Callers.anonymous())).andExpect(status().isNotFound())
                .andExpect(jsonPath("$.code").value("NOT_FOUND"));
        mvc.perform(post("/api/seckill/{id}/token", uniqueId()).with(Callers.user(userId)))
                .andExpect(status().isNotFound());
        mvc.perform(get("/api/seckill/result/{id}", UUID.randomUUID()).with(Callers.user(userId)))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.code").value("NOT_FOUND"));
    }

    @Test
    void statsShowAConsistentUntouchedActivity() throws Exception {
        long activityId = runningActivity(4);

        String answer = mvc.perform(get("/api/admin/activities/{id}/stats", activityId).with(Callers.admin(1)))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        JsonNode stats = json.readTree(answer);
        assertThat(stats.get("redisStock").asInt()).isEqualTo(4);
        assertThat(stats.get("dbStock").asInt()).isEqualTo(4);
        assertThat(stats.get("pendingOutbox").asInt()).isZero();
        assertThat(stats.get("consistent").asBoolean()).isTrue();
    }

    @Test
    void entriesQueuedWhileAPublishIsUnderWayGoOutTogetherAndAllLeaveTheOutbox() throws Exception {
        long activityId = runningActivity(200);
        Map<String, String> accepted = new LinkedHashMap<>();
        for (int i = 0; i < 200; i++) {
            OrderMessage message = new OrderMessage(UUID.randomUUID().toString(), uniqueId(), activityId, 1, "Test phone",
                    new BigDecimal("99.50"), System.currentTimeMillis());
            String payload = json.writeValueAsString(message);
            redis.opsForHash().put(SeckillKeys.outbox(activityId), message.requestId(), payload);
            accepted.put(message.requestId(), payload);
        }

        accepted.forEach((requestId, payload) -> relay.publish(SeckillKeys.outbox(activityId), requestId, payload));

        Set<String> received = new HashSet<>();
        int messages = 0;
        while (received.size() < accepted.size()) {
            Message published = rabbit.receive(orders.name(), 10_000);
            assertThat(published).as("after %d of %d orders", received.size(), accepted.size()).isNotNull();
            String body = new String(published.getBody(), StandardCharsets.UTF_8);
            List<OrderMessage> carried = body.startsWith("[")
                    ? List.of(json.readValue(body, OrderMessage[].class))
                    : List.of(json.readValue(body, OrderMessage.class));
            // the exchange also carries what an earlier test's outbox publishes late: only this activity's count
            List<OrderMessage> ours = carried.stream().filter(message -> message.activityId() == activityId).toList();
            ours.forEach(message -> assertThat(received.add(message.requestId())).as("published once").isTrue());
            messages += ours.isEmpty() ? 0 : 1;
        }
        assertThat(received).isEqualTo(accepted.keySet());
        assertThat(messages).as("messages for %d orders", accepted.size()).isLessThanOrEqualTo(accepted.size() / 4);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> redis.opsForHash().size(SeckillKeys.outbox(activityId)) == 0);
    }
}
