package com.seckill.order.consume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Queues;
import com.seckill.common.message.Settlement;
import com.seckill.order.OrderServiceIT;
import com.seckill.order.SettlementTap;
import com.seckill.order.infra.Redelivery;
import com.seckill.order.lifecycle.OrderLifecycle;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.amqp.rabbit.listener.RabbitListenerEndpointRegistry;
import org.springframework.beans.factory.annotation.Autowired;

/** The order consumer on the real broker and database, and what it tells seckill-service. */
class OrderConsumerIT extends OrderServiceIT {

    /** The price of every order these tests make. */
    private static final BigDecimal PRICE = new BigDecimal("10.00");

    private static final Duration SETTLE = Duration.ofSeconds(20);

    @Autowired
    RabbitTemplate rabbit;
    @Autowired
    AmqpAdmin admin;
    @Autowired
    SettlementTap settlements;
    @Autowired
    ObjectMapper json;
    @Autowired
    OrderCreator creator;
    @Autowired
    OrderLifecycle lifecycle;
    @Autowired
    RabbitListenerEndpointRegistry listeners;
    @Autowired
    MeterRegistry meters;

    @BeforeAll
    static void emptyQueues(@Autowired AmqpAdmin admin) {
        // Messages left by an earlier run point at activities of a database since reset.
        admin.purgeQueue(Queues.ORDER_CREATE, false);
        admin.purgeQueue(Queues.ORDER_CREATE_DLQ, false);
        admin.purgeQueue(Queues.ORDER_CREATE_RETRY, false);
    }

    private void publish(OrderMessage message) throws Exception {
        publishRaw(json.writeValueAsBytes(message));
    }

    private void publishRaw(byte[] body) {
        Message amqp = MessageBuilder.withBody(body).setContentType(MessageProperties.CONTENT_TYPE_JSON).build();
        rabbit.send(Queues.ORDER_EXCHANGE, Queues.ORDER_CREATE_ROUTING_KEY, amqp);
    }

    /** What seckill-service was told of the request, as the result it writes. */
    private SettlementTap.Outcome result(String requestId) {
        return settlements.result(requestId);
    }

    private SettlementTap.Outcome awaitResult(String requestId) {
        return await().atMost(SETTLE).until(() -> result(requestId), r -> r != null);
    }

    @Test
    void queuedPurchaseBecomesAnOrderAndASuccessResult() throws Exception {
        long activityId = insertActivity(5);
        OrderMessage message = message(activityId, uniqueId());

        publish(message);

        SettlementTap.Outcome result = awaitResult(message.requestId());
        assertThat(result.status()).isEqualTo(SettlementTap.Status.SUCCESS);
        assertThat(result.userId()).isEqualTo(message.userId());
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE id = ? AND request_id = ? AND user_id = ?",
                result.orderId(), message.requestId(), message.userId())).isEqualTo(1);
        assertThat(stockBalanced(activityId, 5)).isTrue();
    }

    /** Publishes the messages while the consumer is stopped, so it meets them as a backlog, as after a burst. */
    private void publishAsBacklog(List<OrderMessage> messages) throws Exception {
        List<byte[]> bodies = new ArrayList<>();
        for (OrderMessage message : messages) {
            bodies.add(json.writeValueAsBytes(message));
        }
        publishBodiesAsBacklog(bodies);
    }

    private void publishBodiesAsBacklog(List<byte[]> bodies) {
        var consumer = listeners.getListenerContainer(OrderMessageListener.LISTENER_ID);
        consumer.stop();
        try {
            bodies.forEach(this::publishRaw);
            await().atMost(SETTLE).until(() -> admin.getQueueInfo(Queues.ORDER_CREATE).getMessageCount() >= bodies.size());
        } finally {
            consumer.start();
        }
    }

    @Test
    void aBacklogBecomesOrdersManyPerTransactionAndEveryOrderClosesOnTime() throws Exception {
        int orders = 200;
        long activityId = insertActivity(orders);
        List<OrderMessage> messages = new ArrayList<>();
        for (int i = 0; i < orders; i++) {
            messages.add(message(activityId, uniqueId()));
        }

        publishAsBacklog(messages);

        for (OrderMessage message : messages) {
            SettlementTap.Outcome result = awaitResult(message.requestId());
            assertThat(result.status()).isEqualTo(SettlementTap.Status.SUCCESS);
            assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE id = ? AND request_id = ? AND user_id = ?",
                    result.orderId(), message.requestId(), message.userId())).isEqualTo(1);
        }
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isEqualTo(orders);
        assertThat(stockBalanced(activityId, orders)).isTrue();
        // rows written by one INSERT share its timestamp: one per message would mean no batching
        assertThat(count("SELECT COUNT(DISTINCT create_time) FROM seckill_order WHERE activity_id = ?", activityId))
                .isLessThanOrEqualTo(orders / 5);
        // one close message per batch still closes every order of it once the pay timeout has passed
        await().atMost(SETTLE).until(() ->
                count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ? AND status = 3", activityId) == orders);
        assertThat(count("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isEqualTo(orders);
    }

    @Test
    void aBatchHoldingARedeliveryAndASecondOrderOfOneUserIsSettledMessageByMessage() throws Exception {
        long activityId = insertActivity(50);
        List<OrderMessage> messages = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            messages.add(message(activityId, uniqueId()));
        }
        OrderMessage secondOfFirstUser = message(activityId, messages.get(0).userId());
        messages.add(secondOfFirstUser);
        messages.add(messages.get(1)); // the same message again, as a redelivery would bring it

        publishAsBacklog(messages);

        for (OrderMessage message : messages.subList(1, 20)) {
            assertThat(awaitResult(message.requestId()).status()).isEqualTo(SettlementTap.Status.SUCCESS);
        }
        // the user's two requests may be handled side by side by two consumers: either may win, never both
        List<SettlementTap.Outcome> firstUser = List.of(awaitResult(messages.get(0).requestId()),
                awaitResult(secondOfFirstUser.requestId()));
        assertThat(firstUser).extracting(SettlementTap.Outcome::status)
                .containsExactlyInAnyOrder(SettlementTap.Status.SUCCESS, SettlementTap.Status.FAIL);
        assertThat(firstUser).filteredOn(r -> r.status() == SettlementTap.Status.FAIL)
                .extracting(SettlementTap.Outcome::reason).containsExactly("DUPLICATE");
        await().atMost(SETTLE).until(() -> admin.getQueueInfo(Queues.ORDER_CREATE).getMessageCount() == 0);
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isEqualTo(20);
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ? AND user_id = ?", activityId,
                messages.get(0).userId())).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM mq_consume_log WHERE message_id = ?", messages.get(1).requestId()))
                .isEqualTo(1);
        assertThat(stockBalanced(activityId, 50)).isTrue();
    }

    @Test
    void aMessageCarryingSeveralOrdersSettlesEachOfThemEvenWhenOneIsASecondOrder() throws Exception {
        long activityId = insertActivity(10);
        OrderMessage first = message(activityId, uniqueId());
        OrderMessage other = message(activityId, uniqueId());
        OrderMessage secondOfFirst = message(activityId, first.userId());

        publishRaw(json.writeValueAsBytes(List.of(first, other, secondOfFirst)));

        assertThat(awaitResult(first.requestId()).status()).isEqualTo(SettlementTap.Status.SUCCESS);
        assertThat(awaitResult(other.requestId()).status()).isEqualTo(SettlementTap.Status.SUCCESS);
        SettlementTap.Outcome refused = awaitResult(secondOfFirst.requestId());
        assertThat(refused.status()).isEqualTo(SettlementTap.Status.FAIL);
        assertThat(refused.reason()).isEqualTo("DUPLICATE");
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isEqualTo(2);
        assertThat(stockBalanced(activityId, 10)).isTrue();
    }

    @Test
    void anOrderGivenUpInsideAMessageOfSeveralEndsFailedAndGoesToTheDlqAlone() throws Exception {
        long deadBefore = admin.getQueueInfo(Queues.ORDER_CREATE_DLQ).getMessageCount();
        long activityId = insertActivity(10);
        OrderMessage good = message(activityId, uniqueId());
        OrderMessage nowhere = message(uniqueId(), uniqueId()); // an activity MySQL does not know

        publishRaw(json.writeValueAsBytes(List.of(good, nowhere)));

        assertThat(awaitResult(good.requestId()).status()).isEqualTo(SettlementTap.Status.SUCCESS);
        SettlementTap.Outcome failed = awaitResult(nowhere.requestId());
        assertThat(failed.status()).isEqualTo(SettlementTap.Status.FAIL);
        // at least: a message an earlier test gave up may reach the dead letters meanwhile (this one waited for equality
        // and failed when two did)
        await().atMost(SETTLE).until(() -> admin.getQueueInfo(Queues.ORDER_CREATE_DLQ).getMessageCount() >= deadBefore + 1);
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isEqualTo(1);
    }

    @Test
    void anOrderGivenUpBeforeIsFoundSettledWhenItsMessageComesAgain() throws Exception {
        OrderMessage nowhere = message(uniqueId(), uniqueId()); // an activity MySQL does not know: given up
        publishRaw(json.writeValueAsBytes(List.of(message(insertActivity(1), uniqueId()), nowhere)));
        assertThat(awaitResult(nowhere.requestId()).status()).isEqualTo(SettlementTap.Status.FAIL);

        // the message again (a retry of a sibling order, a redelivery): settled, not a failure to retry
        Outcome again = creator.create(nowhere);

        assertThat(again.kind()).isEqualTo(Outcome.Kind.GIVEN_UP);
        assertThat(again.firstTime()).isFalse();
    }

    @Test
    void messagesCarryingManyOrdersEachBecomeOrdersTogether() throws Exception {
        long activityId = insertActivity(120);
        List<OrderMessage> all = new ArrayList<>();
        List<List<OrderMessage>> bodies = new ArrayList<>();
        for (int m = 0; m < 4; m++) {
            List<OrderMessage> body = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                body.add(message(activityId, uniqueId()));
            }
            bodies.add(body);
            all.addAll(body);
        }
        List<byte[]> arrays = new ArrayList<>();
        for (List<OrderMessage> body : bodies) {
            arrays.add(json.writeValueAsBytes(body));
        }
        publishBodiesAsBacklog(arrays);

        for (OrderMessage message : all) {
            assertThat(awaitResult(message.requestId()).status()).isEqualTo(SettlementTap.Status.SUCCESS);
        }
        assertThat(stockBalanced(activityId, 120)).isTrue();
        // rows of one INSERT share its timestamp: a message's orders went in together (how messages
        // are grouped into transactions is OrderBatchesTest's)
        for (List<OrderMessage> body : bodies) {
            assertThat(count("SELECT COUNT(DISTINCT create_time) FROM seckill_order WHERE request_id IN ("
                    + String.join(",", body.stream().map(m -> "'" + m.requestId() + "'").toList()) + ")")).isEqualTo(1);
        }
    }

    @Test
    void aMessageHoldingOneImpossibleOrderIsDeadLetteredWithNothingApplied() throws Exception {
        long deadBefore = admin.getQueueInfo(Queues.ORDER_CREATE_DLQ).getMessageCount();
        long activityId = insertActivity(10);
        OrderMessage good = message(activityId, uniqueId());
        OrderMessage impossible = new OrderMessage(UUID.randomUUID().toString(), -5, activityId, 77, "IT phone",
                new BigDecimal("10.00"), System.currentTimeMillis());

        publishRaw(json.writeValueAsBytes(List.of(good, impossible)));

        // at least: a message an earlier test gave up may reach the dead letters meanwhile (this one waited for equality
        // and failed when two did)
        await().atMost(SETTLE).until(() -> admin.getQueueInfo(Queues.ORDER_CREATE_DLQ).getMessageCount() >= deadBefore + 1);
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isZero();
        assertThat(result(good.requestId())).isNull();
    }

    @Test
    void theSameMessageDeliveredFiveTimesConcurrentlyMakesOneOrder() throws Exception {
        long activityId = insertActivity(5);
        OrderMessage message = message(activityId, uniqueId());

        for (int i = 0; i < 5; i++) {
            publish(message);
        }

        awaitResult(message.requestId());
        await().atMost(SETTLE).until(() -> admin.getQueueInfo(Queues.ORDER_CREATE).getMessageCount() == 0);
        // the four copies settle after the first (found consumed, nothing written); then it stays so
        await().during(Duration.ofSeconds(2)).atMost(SETTLE).until(() ->
                count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId) == 1
                        && stockBalanced(activityId, 5));
        assertThat(count("SELECT COUNT(*) FROM mq_consume_log WHERE message_id = ?", message.requestId())).isEqualTo(1);
    }

    @Test
    void twentyThreadsHandlingTheSameMessageCreateOneOrder() throws Exception {
        long activityId = insertActivity(5);
        OrderMessage message = message(activityId, uniqueId());
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(20);
        List<Future<Outcome>> outcomes = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                outcomes.add(pool.submit(() -> {
                    start.await();
                    return creator.create(message);
                }));
            }
            start.countDown();
            int firstTimes = 0;
            for (Future<Outcome> future : outcomes) {
                Outcome outcome = future.get(30, TimeUnit.SECONDS);
                assertThat(outcome.kind()).isEqualTo(Outcome.Kind.SUCCESS);
                firstTimes += outcome.firstTime() ? 1 : 0;
            }
            assertThat(firstTimes).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isEqualTo(1);
        assertThat(stockBalanced(activityId, 5)).isTrue();
    }

    @Test
    void mysqlNeverSellsBeyondItsStockWhateverRedisSaid() throws Exception {
        long activityId = insertActivity(3);
        List<OrderMessage> messages = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            messages.add(message(activityId, uniqueId()));
        }
        for (OrderMessage message : messages) {
            publish(message);
        }

        for (OrderMessage message : messages) {
            awaitResult(message.requestId());
        }
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isEqualTo(3);
        assertThat(stockBalanced(activityId, 3)).isTrue();
        long failures = 0;
        for (OrderMessage message : messages) {
            SettlementTap.Outcome result = result(message.requestId());
            if (result.status() == SettlementTap.Status.FAIL) {
                assertThat(result.reason()).isEqualTo("SOLD_OUT");
                failures++;
            }
        }
        assertThat(failures).isEqualTo(7);
    }

    @Test
    void soldOutInMysqlTellsTheSaleToGiveTheUnitBackEachTimeTheMessageComesItAppliesItOnce() throws Exception {
        long activityId = insertActivity(1);
        OrderMessage winner = message(activityId, uniqueId());
        publish(winner);
        lifecycle.pay(awaitResult(winner.requestId()).orderId(), PRICE); // paid: MySQL stays sold out
        OrderMessage refused = message(activityId, uniqueId());

        publish(refused);
        SettlementTap.Outcome result = awaitResult(refused.requestId());
        publish(refused);

        assertThat(result.status()).isEqualTo(SettlementTap.Status.FAIL);
        assertThat(result.reason()).isEqualTo("SOLD_OUT");
        Settlement told = new Settlement(Settlement.Kind.REFUSED, refused.requestId(), activityId, refused.userId(), null, "SOLD_OUT");
        await().atMost(SETTLE).until(() -> settlements.of(refused.requestId(), null), List.of(told, told)::equals);
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM mq_consume_log WHERE message_id = ?", refused.requestId())).isEqualTo(1);
    }

    @Test
    void secondOrderForTheSameUserIsRefusedByTheUniqueKey() throws Exception {
        long activityId = insertActivity(5);
        long userId = uniqueId();
        OrderMessage first = message(activityId, userId);
        OrderMessage second = message(activityId, userId);
        publish(first);
        lifecycle.pay(awaitResult(first.requestId()).orderId(), PRICE); // paid: it stays live, however long the test takes

        publish(second);

        SettlementTap.Outcome result = awaitResult(second.requestId());
        assertThat(result.status()).isEqualTo(SettlementTap.Status.FAIL);
        assertThat(result.reason()).isEqualTo("DUPLICATE");
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isEqualTo(1);
        assertThat(count("SELECT stock FROM seckill_activity WHERE id = ?", activityId)).isEqualTo(4);
    }

    @Test
    void poisonMessagesAreDeadLetteredAndTheQueueKeepsFlowing() throws Exception {
        long deadBefore = admin.getQueueInfo(Queues.ORDER_CREATE_DLQ).getMessageCount();
        long activityId = insertActivity(5);

        publishRaw("{not json".getBytes(StandardCharsets.UTF_8));
        publishRaw("{\"requestId\":\"x\",\"userId\":-1}".getBytes(StandardCharsets.UTF_8));
        publish(message(uniqueId(), uniqueId())); // an activity MySQL does not know
        OrderMessage good = message(activityId, uniqueId());
        publish(good);

        assertThat(awaitResult(good.requestId()).status()).isEqualTo(SettlementTap.Status.SUCCESS);
        await().atMost(SETTLE).until(() -> admin.getQueueInfo(Queues.ORDER_CREATE_DLQ).getMessageCount() == deadBefore + 3);
    }

    @Test
    void anOrderFailingForAnotherReasonWaitsInTheRetryQueueAndIsGivenUpAtItsFifthAttempt() throws Exception {
        long activityId = insertActivity(5);
        // the name does not fit its column: refused by MySQL on every attempt, and not an outage
        OrderMessage unfit = new OrderMessage(UUID.randomUUID().toString(), uniqueId(), activityId, 77, "x".repeat(300),
                PRICE, System.currentTimeMillis());
        double retriedBefore = retried("failure");

        publish(unfit);

        SettlementTap.Outcome failed = awaitResult(unfit.requestId());
        assertThat(failed.status()).isEqualTo(SettlementTap.Status.FAIL);
        assertThat(failed.reason()).isEqualTo(OrderCreator.GIVEN_UP);
        // the count travelled with the message through the retry queue: four copies, the fifth attempt gave up
        Message dead = await().atMost(SETTLE).until(() -> takeFromDlq(unfit.requestId()), message -> message != null);
        assertThat(Redelivery.attempts(dead)).isEqualTo(OrderMessageListener.MAX_ATTEMPTS - 1);
        assertThat(retried("failure") - retriedBefore).isGreaterThanOrEqualTo(OrderMessageListener.MAX_ATTEMPTS - 1);
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isZero();
        assertThat(stockBalanced(activityId, 5)).isTrue();
    }

    @Test
    void anOutageIsWaitedOutInTheRetryQueueUncountedHoweverLongItLasts() throws Exception {
        long activityId = insertActivity(5);
        OrderMessage message = message(activityId, uniqueId());
        double retriedBefore = retried("outage");
        // the broker keeps no settlement (its queue unbound: each is returned): the order is made in MySQL, and
        // seckill-service cannot be told, an outage
        Binding settlementBinding = new Binding(Queues.SETTLEMENT, Binding.DestinationType.QUEUE, Queues.SETTLEMENT_EXCHANGE,
                Queues.SETTLEMENT, null);
        admin.removeBinding(settlementBinding);
        try {
            publish(message);
            // as many rounds as attempts a failure is allowed (it is given up after MAX_ATTEMPTS - 1 retries):
            // an outage is not counted against the message
            await().atMost(Duration.ofSeconds(90))
                    .until(() -> retried("outage") - retriedBefore >= OrderMessageListener.MAX_ATTEMPTS);
        } finally {
            admin.declareBinding(settlementBinding);
        }

        SettlementTap.Outcome created = await().atMost(SETTLE).until(() -> result(message.requestId()), r -> r != null);
        assertThat(created.status()).isEqualTo(SettlementTap.Status.SUCCESS);
        assertThat(count("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", activityId)).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM mq_consume_log WHERE message_id = ?", message.requestId())).isEqualTo(1);
    }

    private double retried(String reason) {
        return meters.counter("seckill.orders.retried", "reason", reason).count();
    }

    /** Takes the dead-lettered message of a request out of the DLQ (others taken on the way are dropped). */
    private Message takeFromDlq(String requestId) {
        for (Message dead = rabbit.receive(Queues.ORDER_CREATE_DLQ); dead != null; dead = rabbit.receive(Queues.ORDER_CREATE_DLQ)) {
            if (new String(dead.getBody(), StandardCharsets.UTF_8).contains(requestId)) {
                return dead;
            }
        }
        return null;
    }
}
