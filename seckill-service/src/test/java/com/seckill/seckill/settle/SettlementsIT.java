package com.seckill.seckill.settle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.Queues;
import com.seckill.common.message.Settlement;
import com.seckill.seckill.purchase.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.test.TestInfra;
import com.seckill.seckill.SeckillServiceIT;
import com.seckill.seckill.purchase.RequestIds;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * order-service's settlements, as they arrive on the real broker, applied to this service's keys in the real
 * Redis: results, the in-flight set, and units given back once however often a settlement is delivered.
 */
class SettlementsIT extends SeckillServiceIT {

    private static final Duration SETTLE = Duration.ofSeconds(20);

    @Autowired
    RabbitTemplate rabbit;
    @Autowired
    AmqpAdmin admin;
    @Autowired
    StringRedisTemplate redis;
    @Autowired
    ObjectMapper json;

    /** A sale with {@code left} units in Redis and these users holding a unit each, their requests in flight. */
    private long saleHeldBy(int left, long... users) {
        long activityId = uniqueId();
        redis.opsForValue().set(SeckillKeys.stock(activityId), String.valueOf(left));
        for (long user : users) {
            redis.opsForSet().add(SeckillKeys.users(activityId), String.valueOf(user));
        }
        return activityId;
    }

    private String inFlight(long activityId) {
        String requestId = UUID.randomUUID().toString();
        redis.opsForZSet().add(SeckillKeys.queued(activityId), requestId, System.currentTimeMillis());
        return requestId;
    }

    private void tell(Settlement... settlements) throws Exception {
        tellRaw(json.writeValueAsBytes(List.of(settlements)));
    }

    private void tellRaw(byte[] body) {
        rabbit.send(Queues.SETTLEMENT_EXCHANGE, Queues.SETTLEMENT,
                MessageBuilder.withBody(body).setContentType(MessageProperties.CONTENT_TYPE_JSON).build());
    }

    private RequestResult result(String requestId) throws Exception {
        String value = redis.opsForValue().get(SeckillKeys.result(requestId));
        return value == null ? null : json.readValue(value, RequestResult.class);
    }

    private RequestResult awaitResult(String requestId) {
        return await().atMost(SETTLE).until(() -> result(requestId), r -> r != null);
    }

    private String stock(long activityId) {
        return redis.opsForValue().get(SeckillKeys.stock(activityId));
    }

    private boolean holds(long activityId, long user) {
        return Boolean.TRUE.equals(redis.opsForSet().isMember(SeckillKeys.users(activityId), String.valueOf(user)));
    }

    /** Every message on the queue so far is applied: a marker told after them has come back. */
    private void allApplied(long activityId) throws Exception {
        String marker = inFlight(activityId);
        // a refusal for a user holding nothing: it changes no figure, and its result says it was applied
        tell(new Settlement(Settlement.Kind.REFUSED, marker, activityId, 1, null, "SOLD_OUT"));
        awaitResult(marker);
    }

    @Test
    void madeOrdersEndTheirRequestsSuccessfulAndLeaveTheSaleAsItIs() throws Exception {
        long first = uniqueId();
        long second = uniqueId();
        long activityId = saleHeldBy(3, first, second);
        String r1 = inFlight(activityId);
        String r2 = inFlight(activityId);

        tell(new Settlement(Settlement.Kind.CREATED, r1, activityId, first, 11L, null),
                new Settlement(Settlement.Kind.CREATED, r2, activityId, second, 12L, null));

        assertThat(awaitResult(r1)).isEqualTo(RequestResult.success(r1, first, 11));
        assertThat(awaitResult(r2)).isEqualTo(RequestResult.success(r2, second, 12));
        assertThat(redis.opsForZSet().zCard(SeckillKeys.queued(activityId))).isZero();
        assertThat(stock(activityId)).isEqualTo("3");
        assertThat(holds(activityId, first) && holds(activityId, second)).isTrue();
    }

    /**
     * A purchase whose script answer was lost goes through the broker; when the script never ran, Redis still holds
     * the unit the order stands for. Settling the order takes it, once, so Redis does not sell it a second time.
     */
    @Test
    void anOrderWhosePurchaseNeverRanInRedisTakesItsHoldAndUnitWhenSettledOnce() throws Exception {
        long buyer = uniqueId();
        long activityId = saleHeldBy(3);
        Settlement created = new Settlement(Settlement.Kind.CREATED, UUID.randomUUID().toString(), activityId, buyer, 31L, null);

        tell(created);
        awaitResult(created.requestId());
        tell(created);
        allApplied(activityId);

        assertThat(stock(activityId)).isEqualTo("2");
        assertThat(holds(activityId, buyer)).isTrue();

        // the order ended (closed unpaid): its unit came back; the creation told again takes nothing
        tell(Settlement.ended(activityId, buyer, 31L));
        tell(created);
        allApplied(activityId);
        assertThat(stock(activityId)).isEqualTo("3");
        assertThat(holds(activityId, buyer)).isFalse();
    }

    /** Request ids made for the sale's slot (every id since RequestIds): their results are written by the settlement script. */
    @Test
    void resultsInTheSalesSlotAreWrittenWithTheFiguresInOneCall() throws Exception {
        long buyer = uniqueId();
        long loser = uniqueId();
        long activityId = saleHeldBy(0, buyer, loser);
        String bought = RequestIds.inSlotOf(SeckillKeys.stock(activityId));
        String refused = RequestIds.inSlotOf(SeckillKeys.stock(activityId));
        redis.opsForZSet().add(SeckillKeys.queued(activityId), bought, System.currentTimeMillis());
        redis.opsForZSet().add(SeckillKeys.queued(activityId), refused, System.currentTimeMillis());

        tell(new Settlement(Settlement.Kind.CREATED, bought, activityId, buyer, 21L, null),
                new Settlement(Settlement.Kind.REFUSED, refused, activityId, loser, null, "SOLD_OUT"));

        assertThat(awaitResult(bought)).isEqualTo(RequestResult.success(bought, buyer, 21));
        assertThat(awaitResult(refused)).isEqualTo(RequestResult.fail(refused, loser, "SOLD_OUT"));
        assertThat(redis.getExpire(SeckillKeys.result(bought))).isPositive();
        assertThat(stock(activityId)).isEqualTo("1");
        assertThat(redis.opsForZSet().zCard(SeckillKeys.queued(activityId))).isZero();
    }

    @Test
    void aRefusalGivesTheHoldAndTheUnitBackOnceHoweverOftenItIsTold() throws Exception {
        long loser = uniqueId();
        long activityId = saleHeldBy(0, loser);
        String request = inFlight(activityId);
        Settlement refused = new Settlement(Settlement.Kind.REFUSED, request, activityId, loser, null, "SOLD_OUT");

        tell(refused);
        tell(refused);

        assertThat(awaitResult(request)).isEqualTo(RequestResult.fail(request, loser, "SOLD_OUT"));
        allApplied(activityId);
        assertThat(stock(activityId)).isEqualTo("1");
        assertThat(holds(activityId, loser)).isFalse();
        assertThat(redis.opsForZSet().zCard(SeckillKeys.queued(activityId))).isZero();

        // the shopper buys the unit back; the refusal told once more takes nothing from that purchase
        redis.opsForSet().add(SeckillKeys.users(activityId), String.valueOf(loser));
        redis.opsForValue().decrement(SeckillKeys.stock(activityId));
        tell(refused);
        allApplied(activityId);
        assertThat(stock(activityId)).isEqualTo("0");
        assertThat(holds(activityId, loser)).isTrue();
    }

    @Test
    void aSecondOrderOfAUserGivesOnlyTheUnitBackOnceTheHoldIsTheFirstOrders() throws Exception {
        long user = uniqueId();
        long activityId = saleHeldBy(0, user);
        String second = inFlight(activityId);
        Settlement duplicate = new Settlement(Settlement.Kind.DUPLICATE, second, activityId, user, null, "DUPLICATE");

        tell(duplicate, duplicate);
        tell(duplicate);

        assertThat(awaitResult(second)).isEqualTo(RequestResult.fail(second, user, "DUPLICATE"));
        allApplied(activityId);
        assertThat(stock(activityId)).isEqualTo("1");
        assertThat(holds(activityId, user)).isTrue();
    }

    @Test
    void anEndedOrderGivesItsUnitBackOnceEvenWhenToldAgainAfterItsUserBoughtAgain() throws Exception {
        long user = uniqueId();
        long activityId = saleHeldBy(0, user);
        Settlement ended = Settlement.ended(activityId, user, 77);

        tell(ended);
        allApplied(activityId);
        assertThat(stock(activityId)).isEqualTo("1");
        assertThat(holds(activityId, user)).isFalse();

        redis.opsForSet().add(SeckillKeys.users(activityId), String.valueOf(user));
        redis.opsForValue().decrement(SeckillKeys.stock(activityId));
        tell(ended);
        allApplied(activityId);
        assertThat(stock(activityId)).isEqualTo("0");
        assertThat(holds(activityId, user)).isTrue();
    }

    @Test
    void anUnreadableSettlementIsDeadLetteredAtOnceAndTheQueueKeepsFlowing() throws Exception {
        long deadBefore = admin.getQueueInfo(Queues.SETTLEMENT_DLQ).getMessageCount();
        long activityId = saleHeldBy(1);

        tellRaw("{not json".getBytes(StandardCharsets.UTF_8));
        tellRaw("[{\"kind\":\"CREATED\",\"activityId\":1,\"userId\":1}]".getBytes(StandardCharsets.UTF_8)); // no request, no order

        allApplied(activityId);
        await().atMost(SETTLE).until(() -> admin.getQueueInfo(Queues.SETTLEMENT_DLQ).getMessageCount() == deadBefore + 2);
    }

    @Test
    void aSettlementMetWhileRedisTakesNoWriteIsAppliedOnceRedisDoes() throws Exception {
        long loser = uniqueId();
        long activityId = saleHeldBy(0, loser);
        String request = inFlight(activityId);

        redisClient("PAUSE 3000 WRITE"); // lifts by itself
        tell(new Settlement(Settlement.Kind.REFUSED, request, activityId, loser, null, "SOLD_OUT"));

        assertThat(awaitResult(request)).isEqualTo(RequestResult.fail(request, loser, "SOLD_OUT"));
        assertThat(stock(activityId)).isEqualTo("1");
        assertThat(holds(activityId, loser)).isFalse();
    }

    /** A CLIENT command on a connection of its own. */
    private static void redisClient(String args) throws Exception {
        TestInfra.Endpoints infra = TestInfra.endpoints();
        try (Socket socket = new Socket(infra.redisHost(), infra.redisPort())) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(("CLIENT " + args + "\r\n").getBytes(StandardCharsets.US_ASCII));
            assertThat(new String(socket.getInputStream().readNBytes(5), StandardCharsets.US_ASCII)).isEqualTo("+OK\r\n");
        }
    }
}
