package com.seckill.seckill.purchase;

import com.seckill.seckill.activity.StockTransfers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.trust.InternalTokens;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.WarmupRequests;
import com.seckill.seckill.infra.RedisGuard;
import com.seckill.seckill.outbox.OutboxPublisher;
import io.lettuce.core.cluster.SlotHash;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/** What the purchase decides around the script: the path first, then each of the script's answers. */
class PurchaseServiceTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:00:30Z");
    private static final Activity SALE = new Activity(7, 2, "Phone", new BigDecimal("9.90"), 10, 10,
            NOW.minusSeconds(30), NOW.plusSeconds(3600), false);
    private static final List<String> BUCKET_KEYS = List.of(SeckillKeys.stock(7), SeckillKeys.users(7), SeckillKeys.outbox(7),
            SeckillKeys.queued(7), SeckillKeys.info(7), SeckillKeys.path(7, 42));

    private final SaleGuard guard = mock(SaleGuard.class);
    private final RedisGuard redisGuard = mock(RedisGuard.class);
    private final StringRedisTemplate redis = mock(StringRedisTemplate.class);
    private final ResultStore results = mock(ResultStore.class);
    private final OutboxPublisher relay = mock(OutboxPublisher.class);
    private final WarmupRequests warmups = mock(WarmupRequests.class);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final PurchasePaths paths = new PurchasePaths(new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, true));
    private final PurchaseLoad load = new PurchaseLoad();
    private final ObjectMapper json = new ObjectMapper();
    private final SeckillProperties properties =
            new Binder(new MapConfigurationPropertySource(Map.of())).bindOrCreate("seckill.sale", SeckillProperties.class);
    private final PurchaseService purchases = new PurchaseService(guard,
            new PurchaseScript(redisGuard, redis, json, paths, Clock.fixed(NOW, ZoneOffset.UTC), mock(StockTransfers.class), results),
            new OrderHandOff(relay, properties), warmups, new PurchaseMetrics(meters), load);
    private final String path = paths.issue(7, 42, NOW.plusSeconds(60));
    private final List<Object> sent = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();

    @BeforeEach
    void setUp() {
        when(guard.open(7)).thenReturn(SALE);
        when(redisGuard.attempt(any())).thenAnswer(call -> call.<Supplier<?>>getArgument(0).get());
        when(relay.publish(anyString(), anyString(), anyString())).thenReturn(CompletableFuture.completedFuture(true));
        when(results.queuedValue(anyString(), anyLong())).thenAnswer(call -> "queued " + call.getArgument(0));
        when(results.ttl()).thenReturn(Duration.ofHours(24));
    }

    @AfterEach
    void everyAnswerEndsThePurchaseInFlight() {
        assertThat(load.inFlight()).isZero();
    }

    @Test
    void aPathIssuedToAnotherShopperIsRejectedWithoutARedisCall() {
        String theirs = paths.issue(7, 43, NOW.plusSeconds(60));

        assertThatThrownBy(() -> purchases.purchase(7, 42, theirs)).isInstanceOf(Refusals.PathRejected.class);

        verifyNoInteractions(redis, redisGuard);
        assertThat(attempts("bad_path")).isEqualTo(1);
    }

    @Test
    void aWonUnitIsMarkedQueuedInTheSameCallAndItsOrderMessageHandedToTheRelay() throws Exception {
        scriptAnswers(1L);

        String requestId = purchases.purchase(7, 42, path);

        assertThat(keys).containsExactlyElementsOf(concat(BUCKET_KEYS, SeckillKeys.result(requestId)));
        assertThat(SlotHash.getSlot(SeckillKeys.result(requestId))).as("the result key shares the bucket's slot")
                .isEqualTo(SlotHash.getSlot(SeckillKeys.stock(7)));
        assertThat(sent).containsExactly("42", requestId, sent.get(2), String.valueOf(NOW.toEpochMilli()), path, "0",
                "queued " + requestId, String.valueOf(Duration.ofHours(24).toMillis()));
        JsonNode message = json.readTree((String) sent.get(2));
        assertThat(message.path("requestId").asText()).isEqualTo(requestId);
        assertThat(message.path("userId").asLong()).isEqualTo(42);
        assertThat(message.path("activityId").asLong()).isEqualTo(7);
        assertThat(message.path("acceptedAt").asLong()).isEqualTo(NOW.toEpochMilli());
        verify(results).queuedValue(requestId, 42);
        verify(relay).publish(SeckillKeys.outbox(7), requestId, (String) sent.get(2));
        assertThat(attempts("accepted")).isEqualTo(1);
    }

    @Test
    void aWonUnitStandsWhenTheBrokerDoesNotConfirm() {
        scriptAnswers(1L);
        when(relay.publish(anyString(), anyString(), anyString())).thenReturn(CompletableFuture.completedFuture(false));

        assertThat(purchases.purchase(7, 42, path)).isNotBlank();

        assertThat(attempts("accepted")).isEqualTo(1);
    }

    @Test
    void soldOutInRedisRaisesThisInstancesSoldOutFlag() {
        scriptAnswers(0L);

        assertThatThrownBy(() -> purchases.purchase(7, 42, path)).isInstanceOf(Refusals.SoldOut.class);

        verify(guard).markSoldOut(7);
        verifyNoInteractions(relay);
        assertThat(attempts("sold_out")).isEqualTo(1);
    }

    @Test
    void secondPurchaseBySameUserIsRejected() {
        scriptAnswers(2L);

        assertThatThrownBy(() -> purchases.purchase(7, 42, path)).isInstanceOf(Refusals.AlreadyBought.class);

        verifyNoInteractions(relay);
        verify(guard, never()).markSoldOut(anyLong());
    }

    @Test
    void aPathTheScriptFindsUsedOrReplacedIsRejected() {
        scriptAnswers(3L);

        assertThatThrownBy(() -> purchases.purchase(7, 42, path)).isInstanceOf(Refusals.PathRejected.class);

        verifyNoInteractions(relay);
    }

    @Test
    void figuresNotWarmedAskForABackgroundWarmUpAndAnswerThatTheSaleIsBeingPrepared() {
        scriptAnswers(-1L);

        assertThatThrownBy(() -> purchases.purchase(7, 42, path)).isInstanceOf(Refusals.SalePreparing.class);

        verify(warmups).request(SALE);
        verifyNoInteractions(relay);
    }

    @Test
    void aScriptWhoseAnswerWasLostIsAcceptedOnceTheBrokerHoldsItsMessage() {
        doThrow(RedisGuard.OutcomeUnknown.class).when(redisGuard).attempt(any());

        String requestId = purchases.purchase(7, 42, path);

        verify(relay).publish(eq(SeckillKeys.outbox(7)), eq(requestId), anyString());
    }

    /**
     * Not "busy, try again" (nothing done): the unit may have been taken and the message may reach the broker
     * late. The nemesis (seed 10) found shoppers told BUSY who came back with the same path, were refused it as
     * used, and held an order.
     */
    @Test
    void aScriptWhoseAnswerWasLostIsAnUnknownOutcomeWhenTheBrokerDoesNotConfirmItEither() {
        doThrow(RedisGuard.OutcomeUnknown.class).when(redisGuard).attempt(any());
        when(relay.publish(anyString(), anyString(), anyString()))
                .thenReturn(CompletableFuture.completedFuture(false))
                .thenReturn(CompletableFuture.failedFuture(new IllegalStateException("publisher stopped")));

        assertThatThrownBy(() -> purchases.purchase(7, 42, path)).isInstanceOfSatisfying(Refusals.PurchaseOutcomeUnknown.class,
                unknown -> assertThat(unknown.properties()).containsEntry("outcome", "UNKNOWN"));
        assertThatThrownBy(() -> purchases.purchase(7, 42, path)).isInstanceOf(Refusals.PurchaseOutcomeUnknown.class);

        assertThat(attempts("busy")).isEqualTo(2);
    }

    /** The script's first answer is lost (the call timed out); asked again, Redis answers {@code again}. */
    private void answerLostThenAgain(long again) {
        scriptAnswers(again);
        doThrow(RedisGuard.OutcomeUnknown.class).doAnswer(call -> call.<Supplier<?>>getArgument(0).get())
                .when(redisGuard).attempt(any());
    }

    @Test
    void aLostAnswerFoundASuccessWhenAskedAgainIsAnOrdinaryAcceptance() {
        answerLostThenAgain(1L);

        String requestId = purchases.purchase(7, 42, path);

        verify(relay).publish(SeckillKeys.outbox(7), requestId, (String) sent.get(2));
        assertThat(attempts("accepted")).isEqualTo(1);
    }

    @Test
    void aLostAnswerFoundARefusalWhenAskedAgainIsThatRefusalNoOrderIsSentBlind() {
        answerLostThenAgain(0L);

        assertThatThrownBy(() -> purchases.purchase(7, 42, path)).isInstanceOf(Refusals.SoldOut.class);

        verifyNoInteractions(relay);
    }

    @Test
    void aLostAnswerAskedAgainThatOnlyFindsItsPathUsedUpStaysUnknownAndGoesThroughTheBroker() {
        answerLostThenAgain(3L);

        String requestId = purchases.purchase(7, 42, path);

        verify(relay).publish(SeckillKeys.outbox(7), requestId, (String) sent.get(2));
    }

    private void scriptAnswers(long answer) {
        when(redis.execute(any(RedisScript.class), anyList(), any(Object[].class))).thenAnswer(call -> {
            keys.clear();
            keys.addAll(call.getArgument(1));
            Object[] arguments = call.getArguments();
            sent.addAll(Arrays.asList(arguments).subList(2, arguments.length));
            return answer;
        });
    }

    private static List<String> concat(List<String> first, String last) {
        List<String> all = new ArrayList<>(first);
        all.add(last);
        return all;
    }

    private double attempts(String outcome) {
        return meters.get(PurchaseMetrics.ATTEMPTS).tag("outcome", outcome).tag("activity", "7").counter().count();
    }
}
