package com.seckill.seckill.activity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.Queues;
import com.seckill.common.message.Settlement;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.redis.StockBucket;
import com.seckill.seckill.OrderQueueStandIn;
import com.seckill.seckill.SeckillServiceIT;
import com.seckill.seckill.settle.Reconciler;
import com.seckill.web.test.Callers;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.RequestBuilder;

/**
 * An activity sold from several Redis buckets ({@code "buckets":K}, design.md "Stock buckets"), on the real
 * Redis, MariaDB and RabbitMQ: exactly its stock sold to distinct shoppers with no unit stranded in a bucket,
 * units moved to a shopper's dry bucket, a unit given back sold again to a shopper of another bucket, a top-up
 * split over the buckets, a reconciliation that repairs one bucket, and a bucket that lost its figures pausing
 * the others until all are rebuilt from MySQL.
 */
class StockBucketsIT extends SeckillServiceIT {

    private static final long ADMIN = 42;

    @Autowired
    MockMvc mvc;
    @Autowired
    ObjectMapper json;
    @Autowired
    StringRedisTemplate redis;
    @Autowired
    AmqpAdmin admin;
    @Autowired
    RabbitTemplate rabbit;
    @Autowired
    ActivityCatalog catalog;
    @Autowired
    ActivityWarmer warmer;
    @Autowired
    Reconciler reconciler;
    @Autowired
    StockTransfers transfers;

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

    private Answer create(String extra, int stock) throws Exception {
        Instant start = Instant.now().minusSeconds(5);
        String body = """
                {"goodsId":%d,"goodsName":"Bucketed phone","price":9.90,"stock":%d,"startTime":"%s","endTime":"%s"%s}
                """.formatted(uniqueId(), stock, start, start.plus(Duration.ofHours(1)), extra);
        return call(post("/api/admin/activities").contentType(MediaType.APPLICATION_JSON).content(body)
                .with(Callers.admin(ADMIN)));
    }

    private Activity sale(int buckets, int stock) throws Exception {
        Answer created = create(",\"buckets\":" + buckets, stock);
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
        assertThat(created.body().get("buckets").asInt()).isEqualTo(buckets);
        Activity activity = catalog.find(created.body().get("id").asLong()).orElseThrow();
        assertThat(activity.buckets()).isEqualTo(buckets);
        return activity;
    }

    /** The purchase's status, and its request id when accepted. */
    private Answer buy(long activityId, long userId) throws Exception {
        Answer token = call(post("/api/seckill/{id}/token", activityId).with(Callers.user(userId)));
        if (token.status() != 200) {
            return token;
        }
        return call(post("/api/seckill/{id}/{path}", activityId, token.body().get("path").asText()).with(Callers.user(userId)));
    }

    private long stock(StockBucket bucket) {
        return Long.parseLong(redis.opsForValue().get(bucket.stock()));
    }

    private long stockOf(Activity activity) {
        return activity.stockBuckets().stream().mapToLong(this::stock).sum();
    }

    /** A new user id whose home is the given bucket. */
    private static long userOf(int bucket, int buckets) {
        while (true) {
            long user = uniqueId();
            if (SeckillKeys.homeIndex(user, buckets) == bucket) {
                return user;
            }
        }
    }

    @Test
    void theBucketCountIsValidatedAndAWaitingRoomKeepsOneBucket() throws Exception {
        assertThat(create(",\"buckets\":0", 10).status()).isEqualTo(400);
        assertThat(create(",\"buckets\":17", 10).status()).isEqualTo(400);
        assertThat(create(",\"buckets\":\"many\"", 10).status()).isEqualTo(400);
        Answer withRoom = create(",\"buckets\":2,\"waitingRoom\":{\"enabled\":true,\"admissionPerSecond\":10}", 10);
        assertThat(withRoom.status()).isEqualTo(400);
        assertThat(withRoom.body().toString()).contains("one bucket");
        Answer plain = create("", 10);
        assertThat(plain.status()).isEqualTo(201);
        assertThat(plain.body().has("buckets")).as("one bucket is the default, not shown").isFalse();
    }

    @Test
    void aCrowdBuysExactlyTheStockOfThreeBucketsEachShopperOnceAndNoBucketKeepsAUnit() throws Exception {
        Activity activity = sale(3, 30);
        List<StockBucket> buckets = activity.stockBuckets();
        assertThat(buckets.stream().map(StockBucket::tag).distinct()).hasSize(3);
        assertThat(buckets).allSatisfy(bucket -> assertThat(stock(bucket)).isEqualTo(10));

        ExecutorService crowd = Executors.newFixedThreadPool(8);
        List<Future<Answer>> answers = new ArrayList<>();
        List<Long> shoppers = new ArrayList<>();
        for (int i = 0; i < 90; i++) {
            long user = uniqueId();
            shoppers.add(user);
            answers.add(crowd.submit((Callable<Answer>) () -> buy(activity.id(), user)));
        }
        Set<Long> buyers = new HashSet<>();
        int soldOut = 0;
        for (int i = 0; i < answers.size(); i++) {
            Answer answer = answers.get(i).get();
            assertThat(answer.status()).as(answer.body().toString()).isIn(202, 410);
            if (answer.status() == 202) {
                buyers.add(shoppers.get(i));
            } else {
                soldOut++;
            }
        }
        crowd.shutdown();

        assertThat(buyers).hasSize(30);
        assertThat(soldOut).isEqualTo(60);
        assertThat(buckets).as("no unit left behind in any bucket").allSatisfy(bucket -> assertThat(stock(bucket)).isZero());
        Set<String> holders = new HashSet<>();
        for (StockBucket bucket : buckets) {
            Set<String> held = redis.opsForSet().members(bucket.users());
            held.forEach(user -> assertThat(SeckillKeys.homeIndex(Long.parseLong(user), 3)).isEqualTo(bucket.index()));
            holders.addAll(held);
        }
        assertThat(holders).containsExactlyInAnyOrderElementsOf(buyers.stream().map(String::valueOf).toList());
        List<Long> ordered = new ArrayList<>();
        while (ordered.size() < 30) {
            Message message = rabbit.receive(orders.name(), 5_000);
            assertThat(message).as("order messages after %d", ordered.size()).isNotNull();
            JsonNode body = json.readTree(message.getBody()); // a batch is an array of order messages
            (body.isArray() ? body : json.createArrayNode().add(body)).forEach(order -> ordered.add(order.get("userId").asLong()));
        }
        assertThat(ordered).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(buyers);
        assertThat(rabbit.receive(orders.name(), 200)).isNull();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(buckets)
                .allSatisfy(bucket -> assertThat(redis.opsForHash().size(bucket.outbox())).isZero()));
        long again = buyers.iterator().next();
        assertThat(buy(activity.id(), again).status()).as("a buyer is refused in every bucket").isIn(409, 410);
    }

    @Test
    void aShopperWhoseBucketIsDryBuysFromAnotherAndAUnitGivenBackIsSoldAgainToAnyone() throws Exception {
        Activity activity = sale(3, 3);
        List<StockBucket> buckets = activity.stockBuckets();
        List<String> requests = new ArrayList<>();
        List<Long> buyers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long user = userOf(0, 3);
            Answer bought = buy(activity.id(), user);
            assertThat(bought.status()).as("shopper %d of bucket 0: %s", i, bought.body()).isEqualTo(202);
            requests.add(bought.body().get("requestId").asText());
            buyers.add(user);
        }
        assertThat(buckets).allSatisfy(bucket -> assertThat(stock(bucket)).isZero());
        assertThat(redis.opsForSet().size(buckets.get(0).users())).isEqualTo(3);
        assertThat(buy(activity.id(), userOf(1, 3)).status()).as("every bucket dry").isEqualTo(410);

        // order-service refused the first one: its unit comes back to its buyer's bucket
        Settlement refused = new Settlement(Settlement.Kind.REFUSED, requests.get(0), activity.id(), buyers.get(0), null,
                "SOLD_OUT");
        rabbit.send(Queues.SETTLEMENT_EXCHANGE, Queues.SETTLEMENT, MessageBuilder.withBody(json.writeValueAsBytes(List.of(refused)))
                .setContentType(MessageProperties.CONTENT_TYPE_JSON).build());
        await().atMost(Duration.ofSeconds(10)).until(() -> stock(buckets.get(0)) == 1);

        long other = userOf(2, 3);
        await("the sold-out flag cleared by the stock-returned broadcast").atMost(Duration.ofSeconds(10))
                .until(() -> buy(activity.id(), other).status() == 202);
        assertThat(stockOf(activity)).isZero();
        assertThat(redis.opsForSet().isMember(buckets.get(2).users(), String.valueOf(other))).isTrue();
    }

    @Test
    void aTopUpIsSplitOverTheBucketsAndSellsExactlyTheUnitsAdded() throws Exception {
        Activity activity = sale(3, 3);
        for (int i = 0; i < 3; i++) {
            assertThat(buy(activity.id(), uniqueId()).status()).isEqualTo(202);
        }
        Answer added = call(post("/api/admin/activities/{id}/stock", activity.id()).contentType(MediaType.APPLICATION_JSON)
                .content("{\"add\":7}").with(Callers.admin(ADMIN)));
        assertThat(added.status()).as(added.body().toString()).isEqualTo(200);
        assertThat(added.body().get("stockTotal").asInt()).isEqualTo(10);
        assertThat(added.body().get("stockLeft").asInt()).isEqualTo(7);
        assertThat(activity.stockBuckets().stream().map(this::stock)).containsExactly(3L, 2L, 2L);
        assertThat(activity.stockBuckets()).allSatisfy(bucket ->
                assertThat(redis.opsForHash().get(bucket.info(), "stockTotal")).isEqualTo("10"));

        int bought = 0;
        for (int i = 0; i < 12; i++) {
            int status = buy(activity.id(), uniqueId()).status();
            assertThat(status).isIn(202, 410);
            bought += status == 202 ? 1 : 0;
        }
        assertThat(bought).isEqualTo(7);
        assertThat(stockOf(activity)).isZero();
        JsonNode stats = call(get("/api/admin/activities/{id}/stats", activity.id()).with(Callers.admin(ADMIN))).body();
        assertThat(stats.get("redisStock").asInt()).as(stats.toString()).isZero();
    }

    @Test
    void aReconciliationSetsTheWrongBucketRightAndLeavesTheOthers() throws Exception {
        Activity activity = sale(3, 9);
        StockBucket wrong = activity.stockBuckets().get(1);
        redis.opsForValue().set(wrong.stock(), "5");

        assertThat(reconciler.reconcile(activity)).isEqualTo(Reconciler.Outcome.REPAIRED);

        assertThat(activity.stockBuckets().stream().map(this::stock)).containsExactly(3L, 3L, 3L);
        assertThat(reconciler.reconcile(activity)).isEqualTo(Reconciler.Outcome.CONSISTENT);
    }

    /**
     * Found when a crowd under load left a unit unsold: a shopper whose bucket was dry while the last units were
     * on their way between two other buckets was told SOLD_OUT, and no shopper came after.
     */
    @Test
    void aUnitOnItsWayBetweenTwoBucketsIsSoldNotCalledSoldOut() throws Exception {
        Activity activity = sale(3, 3);
        StockBucket giver = activity.stockBuckets().get(1);
        // every bucket dry, one unit given by bucket 1 and not yet received by bucket 2
        activity.stockBuckets().forEach(bucket -> redis.opsForValue().set(bucket.stock(), "0"));
        redis.opsForHash().put(giver.lent(), "on-its-way", "2:1");

        Answer bought = buy(activity.id(), userOf(0, 3));

        assertThat(bought.status()).as(bought.body().toString()).isEqualTo(202);
        assertThat(stockOf(activity)).isZero();
        assertThat(redis.opsForHash().size(giver.lent())).as("the transfer landed, then its unit moved on").isZero();
        assertThat(buy(activity.id(), userOf(1, 3)).status()).as("now it is sold out").isEqualTo(410);
    }

    @Test
    void aTransferCutShortIsFinishedAndCountedMeanwhile() throws Exception {
        Activity activity = sale(2, 4);
        StockBucket giver = activity.stockBuckets().get(1);
        // the giving half ran (units out, transfer written down), the receiving half never did
        redis.opsForValue().decrement(giver.stock(), 2);
        redis.opsForHash().put(giver.lent(), "cut-short", "0:2");

        JsonNode stats = call(get("/api/admin/activities/{id}/stats", activity.id()).with(Callers.admin(ADMIN))).body();

        assertThat(stats.get("redisStock").asInt()).as(stats.toString()).isEqualTo(4);
        assertThat(activity.stockBuckets().stream().map(this::stock)).containsExactly(4L, 0L);
        assertThat(redis.opsForHash().size(giver.lent())).isZero();
        assertThat(reconciler.reconcile(activity)).isEqualTo(Reconciler.Outcome.CONSISTENT);
    }

    @Test
    void aBucketThatLostItsFiguresStopsEveryBucketUntilAllAreRebuiltFromMySql() throws Exception {
        // the rebuild waits for the order pipeline to drain: order-service is not running here, so the order
        // queue holds what the other tests sold; nothing of this sale is in it
        OrderQueueStandIn.emptyOrderCreateQueue(admin);
        orderService.consumerBusy.set(false);
        Activity activity = sale(3, 9);
        StockBucket lost = activity.stockBuckets().get(2);
        redis.delete(List.of(lost.stock(), lost.info())); // its master restarted empty

        assertThat(warmer.warm(activity)).as("waits for purchases that may be in flight").isFalse();
        long shopperOfAHealthyBucket = userOf(0, 3);
        assertThat(buy(activity.id(), shopperOfAHealthyBucket).status()).as("bucket 0 is paused too").isEqualTo(503);

        await().atMost(Duration.ofSeconds(20)).until(() -> warmer.warm(activity));

        assertThat(activity.stockBuckets().stream().map(this::stock)).containsExactly(3L, 3L, 3L);
        assertThat(activity.stockBuckets()).allSatisfy(bucket ->
                assertThat(redis.opsForHash().entries(bucket.info())).containsKeys("runId", "epoch"));
        assertThat(buy(activity.id(), shopperOfAHealthyBucket).status()).isEqualTo(202);
        Map<Object, Object> info = redis.opsForHash().entries(SeckillKeys.info(activity.id()));
        assertThat(info).containsEntry("stockTotal", "9");
    }
}
