package com.seckill.seckill.queue;

import com.seckill.common.queue.QueueAnswer;
import com.seckill.common.queue.QueueDraw;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.trust.InternalTokens;
import com.seckill.common.trust.QueueTokens;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.activity.WaitingRoomSettings;
import com.seckill.seckill.infra.RedisGuard;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.core.HashOperations;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Where a shopper stands, from what the enter script read: drawn before the start, join order after it,
 * admitted once served, and sent to the back once an admission ran out unused.
 */
class QueueServiceTest {

    private static final Instant START = Instant.parse("2030-01-01T10:00:00Z");
    private static final Activity SALE = new Activity(7, 2, "Phone", BigDecimal.TEN, 100, 100, START, START.plusSeconds(3600), false);
    /** Opens 10 minutes before the start; 10 shoppers a second; two minutes to buy once admitted. */
    private static final WaitingRoomSettings ROOM = new WaitingRoomSettings(10, 600, 120, "audit-me");

    private final ActivityCatalog catalog = mock(ActivityCatalog.class);
    private final QueueState state = mock(QueueState.class);
    private final RedisGuard redisGuard = mock(RedisGuard.class);
    private final StringRedisTemplate redis = mock(StringRedisTemplate.class);
    @SuppressWarnings("unchecked")
    private final HashOperations<String, Object, Object> hashes = mock(HashOperations.class);
    private final QueueTokens tokens = new QueueTokens(new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, true));
    private final QueueMetrics metrics = mock(QueueMetrics.class);
    private final List<List<Object>> scriptCalls = new ArrayList<>();
    private final List<List<?>> answers = new ArrayList<>();

    @BeforeEach
    void setUp() {
        when(catalog.find(7)).thenReturn(Optional.of(SALE));
        when(catalog.room(7)).thenReturn(Optional.of(ROOM));
        when(redisGuard.call(any())).thenAnswer(call -> call.<Supplier<?>>getArgument(0).get());
        when(redis.opsForHash()).thenReturn(hashes);
        when(redis.execute(any(RedisScript.class), anyList(), any(Object[].class))).thenAnswer(call -> {
            Object[] arguments = call.getArguments();
            scriptCalls.add(Arrays.asList(arguments).subList(2, arguments.length));
            return answers.size() > 1 ? answers.remove(0) : answers.get(0);
        });
    }

    @Test
    void theQueueRefusesBeforeItOpensAndSaysWhenItWill() {
        assertThatThrownBy(() -> at(START.minusSeconds(601)).join(7, 42, null))
                .isInstanceOfSatisfying(QueueRefusals.NotOpenYet.class, refusal ->
                        assertThat(refusal.properties()).isEqualTo(Map.of("opensAt", START.minusSeconds(600).toString())));
        assertThatThrownBy(() -> at(SALE.endTime()).join(7, 42, null)).isInstanceOf(Refusals.SaleEnded.class);
        when(catalog.room(7)).thenReturn(Optional.empty());
        assertThatThrownBy(() -> at(START).join(7, 42, null)).isInstanceOf(QueueRefusals.NoWaitingRoom.class);
        verifyNoInteractions(redis);
    }

    @Test
    void theScriptsRefusalsAreTheShoppersAnswers() {
        answers.add(List.of("DUPLICATE"));
        assertThatThrownBy(() -> at(START).join(7, 42, null)).isInstanceOf(Refusals.AlreadyBought.class);
        answers.set(0, List.of("NOT_MEMBER"));
        assertThatThrownBy(() -> at(START).status(7, 42, null)).isInstanceOf(QueueRefusals.NotInQueue.class);
        answers.set(0, List.of("NOT_WARMED"));
        assertThatThrownBy(() -> at(START).status(7, 42, null)).isInstanceOf(Refusals.SalePreparing.class);
    }

    @Test
    void aQueueRedisLostIsRestoredFromMySqlAndAskedAgainOnce() {
        answers.add(List.of("NO_QUEUE"));
        answers.add(figures(5, 30, "", 0, "0", ""));

        assertThat(at(START.minusSeconds(60)).join(7, 42, null).status()).isEqualTo(QueueAnswer.WAITING);
        verify(state).restore(7, ROOM);

        answers.set(0, List.of("NO_QUEUE"));
        assertThatThrownBy(() -> at(START).join(7, 42, null)).isInstanceOf(Refusals.SalePreparing.class);
    }

    @Test
    void beforeTheStartEveryoneStandsAtTheBackUntilTheDrawAndIsToldWhenItIs() {
        answers.add(figures(5, 30, "", 0, "0", ""));

        QueueAnswer answer = at(START.minusSeconds(60)).join(7, 42, null);

        assertThat(answer.status()).isEqualTo(QueueAnswer.WAITING);
        assertThat(answer.position()).isEqualTo(30);
        assertThat(answer.etaSeconds()).as("30 ahead at 10/s, after the minute to the start").isEqualTo(63);
        assertThat(answer.drawAt()).isEqualTo(START.toString());
        assertThat(tokens.joinNumber(answer.ticket(), 7, 42)).hasValue(5);
        assertThat(scriptCalls.get(0)).as("the moment and the start, for a join at the start to draw those before it")
                .containsExactly("42", "join", "", Long.toString(START.minusSeconds(60).toEpochMilli()), Long.toString(START.toEpochMilli()));
        verify(metrics).answered(7, QueueAnswer.WAITING);
    }

    @Test
    void afterTheStartWhoJoinedBeforeItStandsAtTheDrawnPlaceAndWhoJoinedAfterInJoinOrder() {
        long drawn = QueueDraw.place("audit-me", 30, 5);
        answers.add(figures(5, 40, "30", 0, "0", ""));
        QueueAnswer early = at(START.plusSeconds(1)).status(7, 42, tokens.ticket(7, 42, 5));
        assertThat(early.position()).isEqualTo(drawn);
        assertThat(early.etaSeconds()).isEqualTo((drawn + 9) / 10);
        assertThat(scriptCalls.get(0)).as("the signed place is sent along").startsWith("42", "poll", "5");

        answers.set(0, figures(30, 40, "30", 0, "0", ""));
        assertThat(at(START.plusSeconds(1)).status(7, 42, null).position()).as("the last one drawn")
                .isEqualTo(QueueDraw.place("audit-me", 30, 30)).isNotEqualTo(30);

        answers.set(0, figures(35, 40, "30", 20, "0", ""));
        QueueAnswer late = at(START.plusSeconds(1)).status(7, 42, null);
        assertThat(late.position()).isEqualTo(35);
        assertThat(late.serving()).isEqualTo(20);
        assertThat(late.etaSeconds()).as("15 ahead at 10/s").isEqualTo(2);
        assertThat(late.drawAt()).isNull();
    }

    @Test
    void aPausedQueueSaysSoAndAForgedTicketCarriesNoPlace() {
        answers.add(figures(35, 40, "30", 20, "1", ""));

        assertThat(at(START.plusSeconds(1)).status(7, 42, tokens.ticket(7, 43, 1)).status()).isEqualTo(QueueAnswer.PAUSED);

        assertThat(scriptCalls.get(0)).startsWith("42", "poll", "");
    }

    @Test
    void aServedPlaceIsAdmittedForTheAdmissionTimeCountedFromItsFirstAnswer() {
        Instant now = START.plusSeconds(30);
        answers.add(figures(35, 40, "30", 40, "0", ""));
        when(hashes.get(SeckillKeys.queueAdmitted(7), "42")).thenReturn(Long.toString(now.toEpochMilli()));

        QueueAnswer answer = at(now).status(7, 42, null);

        verify(hashes).putIfAbsent(SeckillKeys.queueAdmitted(7), "42", Long.toString(now.toEpochMilli()));
        assertThat(answer.status()).isEqualTo(QueueAnswer.ADMITTED);
        assertThat(answer.expiresInSeconds()).isEqualTo(120);
        assertThat(tokens.isAdmitted(answer.admission(), 7, 42, now.plusSeconds(120))).isTrue();
        assertThat(tokens.isAdmitted(answer.admission(), 7, 42, now.plusSeconds(121))).isFalse();

        answers.set(0, figures(35, 40, "30", 40, "0", Long.toString(now.minusSeconds(100).toEpochMilli())));
        assertThat(at(now).status(7, 42, null).expiresInSeconds()).as("admitted 100 s ago").isEqualTo(20);
    }

    @Test
    void anAdmissionRunOutUnusedSendsThePollerAwayAndTheJoinerToTheBack() {
        Instant now = START.plusSeconds(300);
        String admittedLongAgo = Long.toString(now.minusSeconds(120).toEpochMilli());
        answers.add(figures(35, 90, "30", 40, "0", admittedLongAgo));

        assertThat(at(now).status(7, 42, null).status()).isEqualTo(QueueAnswer.EXPIRED);
        verify(state).leave(7, 42, 35);

        answers.set(0, figures(35, 90, "30", 40, "0", admittedLongAgo));
        answers.add(figures(91, 91, "30", 40, "0", ""));
        QueueAnswer again = at(now).join(7, 42, tokens.ticket(7, 42, 35));

        assertThat(again.status()).isEqualTo(QueueAnswer.WAITING);
        assertThat(again.position()).isEqualTo(91);
        assertThat(scriptCalls.get(2)).as("the new join leaves the old place behind").startsWith("42", "join", "");
        verify(metrics).answered(7, QueueAnswer.EXPIRED); // the poll's; the join is answered for its new place
        verify(metrics).answered(7, QueueAnswer.WAITING);
    }

    @Test
    void noStockLeftIsSoldOutForAPollAndARefusalForAJoin() {
        answers.add(List.of("OK", "35", "40", "30", "20", "0", "10", "", "0"));

        assertThat(at(START.plusSeconds(1)).status(7, 42, null).status()).isEqualTo(QueueAnswer.SOLD_OUT);
        assertThatThrownBy(() -> at(START.plusSeconds(1)).join(7, 42, null)).isInstanceOf(Refusals.SoldOut.class);
        verify(metrics, times(2)).answered(7, QueueAnswer.SOLD_OUT);
    }

    /** The enter script's answer: join number, joined, drawn, serving, paused, rate 10, admitted at, 100 units left. */
    private static List<String> figures(long joinNumber, long joined, String drawn, long serving, String paused, String admittedAt) {
        return List.of("OK", Long.toString(joinNumber), Long.toString(joined), drawn, Long.toString(serving), paused, "10",
                admittedAt, "100");
    }

    private QueueService at(Instant now) {
        return new QueueService(catalog, state, redisGuard, redis, tokens, metrics, Clock.fixed(now, ZoneOffset.UTC));
    }
}
