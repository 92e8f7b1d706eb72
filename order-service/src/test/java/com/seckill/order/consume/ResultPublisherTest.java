package com.seckill.order.consume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.redis.RequestResult;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.order.OrderProperties;
import com.seckill.order.close.CloseScheduler;
import com.seckill.order.lifecycle.RedisStock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.data.redis.connection.RedisStringCommands.SetOption;
import org.springframework.data.redis.connection.StringRedisConnection;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ValueOperations;
import org.springframework.data.redis.core.ZSetOperations;
import org.springframework.data.redis.core.types.Expiration;

/** What a shopper polls, and what goes back to Redis, once an order message is handled. */
class ResultPublisherTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-06-01T10:00:00Z"), ZoneOffset.UTC);
    private static final Duration RESULT_TTL = Duration.ofHours(24);
    private static final OrderMessage MESSAGE = message("r1", 7);

    private final StringRedisTemplate redis = mock(StringRedisTemplate.class);
    @SuppressWarnings("unchecked")
    private final ValueOperations<String, String> values = mock(ValueOperations.class);
    @SuppressWarnings("unchecked")
    private final ZSetOperations<String, String> queued = mock(ZSetOperations.class);
    private final StringRedisConnection pipeline = mock(StringRedisConnection.class);
    private final RedisStock redisStock = mock(RedisStock.class);
    private final CloseScheduler closes = mock(CloseScheduler.class);
    private final ObjectMapper json = new ObjectMapper();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final ResultPublisher publisher = new ResultPublisher(redis, redisStock, closes, json,
            properties(Map.of("seckill.order.result-ttl", "24h")),
            new ConsumerMetrics(meters, CLOCK));

    /** The service's settings with its defaults, as Spring Boot would bind them, but for these. */
    private static OrderProperties properties(Map<String, String> settings) {
        return new Binder(new MapConfigurationPropertySource(settings)).bindOrCreate("seckill.order", OrderProperties.class);
    }

    private static OrderMessage message(String requestId, long activityId) {
        return new OrderMessage(requestId, 1001, activityId, 77, "phone", new BigDecimal("9.90"), 0);
    }

    @BeforeEach
    void redis() {
        when(redis.opsForValue()).thenReturn(values);
        when(redis.opsForZSet()).thenReturn(queued);
        when(redis.executePipelined(any(RedisCallback.class))).thenAnswer(call -> {
            call.<RedisCallback<?>>getArgument(0).doInRedis(pipeline);
            return List.of();
        });
    }

    private RequestResult pipelined(String requestId) throws Exception {
        ArgumentCaptor<String> written = ArgumentCaptor.forClass(String.class);
        verify(pipeline).set(eq(SeckillKeys.result(requestId)), written.capture(),
                argThat((Expiration ttl) -> ttl.getExpirationTimeInSeconds() == RESULT_TTL.toSeconds()),
                eq(SetOption.upsert()));
        return json.readValue(written.getValue(), RequestResult.class);
    }

    private RequestResult written(String requestId) throws Exception {
        ArgumentCaptor<String> written = ArgumentCaptor.forClass(String.class);
        verify(values).set(eq(SeckillKeys.result(requestId)), written.capture(), eq(RESULT_TTL));
        return json.readValue(written.getValue(), RequestResult.class);
    }

    private double consumed(String outcome) {
        return meters.get("seckill.orders.consumed").tag("outcome", outcome).counter().count();
    }

    @Test
    void newOrdersGetOneCloseTimerTheirSuccessResultsAndLeaveTheQueuedSets() throws Exception {
        List<OrderMessage> batch = List.of(message("r1", 7), message("r2", 8), message("r3", 7));

        publisher.publishCreated(batch, List.of(11L, 12L, 13L));

        verify(closes).schedule(List.of(11L, 12L, 13L));
        assertThat(pipelined("r1")).isEqualTo(RequestResult.success("r1", 1001, 11));
        assertThat(pipelined("r2")).isEqualTo(RequestResult.success("r2", 1001, 12));
        assertThat(pipelined("r3")).isEqualTo(RequestResult.success("r3", 1001, 13));
        verify(pipeline).zRem(SeckillKeys.queued(7), "r1", "r3");
        verify(pipeline).zRem(SeckillKeys.queued(8), "r2");
        assertThat(consumed("success")).isEqualTo(3);
        verifyNoInteractions(redisStock);
    }

    @Test
    void aCreatedOrderMetAgainIsAnsweredWithItsOrderAndTimedAgainButNotCountedAsCreatedAgain() throws Exception {
        publisher.publish(MESSAGE, new Outcome(Outcome.Kind.SUCCESS, 11L, false));

        verify(closes).schedule(List.of(11L));
        assertThat(pipelined("r1")).isEqualTo(RequestResult.success("r1", 1001, 11));
        verifyNoInteractions(redisStock);
        assertThat(meters.get("seckill.order.events").tag("event", "created").counter().count()).isZero();
        assertThat(consumed("success")).isEqualTo(1);
    }

    @Test
    void aSoldOutOrderGivesTheUnitBackLetsTheUserTryAgainAndFails() throws Exception {
        publisher.publish(MESSAGE, Outcome.rejected(Outcome.Kind.SOLD_OUT, true));

        verify(redisStock).giveBack(7, 1001);
        assertThat(written("r1")).isEqualTo(RequestResult.fail("r1", 1001, "SOLD_OUT"));
        verify(queued).remove(SeckillKeys.queued(7), "r1");
        verifyNoInteractions(closes);
        assertThat(consumed("sold_out")).isEqualTo(1);
    }

    @Test
    void aDuplicateReturnsOnlyTheUnitAndOnlyTheFirstTime() throws Exception {
        publisher.publish(MESSAGE, Outcome.rejected(Outcome.Kind.DUPLICATE, true));

        verify(redisStock).returnUnit(7);
        verify(redisStock, never()).giveBack(anyLong(), anyLong());
        assertThat(written("r1")).isEqualTo(RequestResult.fail("r1", 1001, "DUPLICATE"));
        verify(queued).remove(SeckillKeys.queued(7), "r1");
    }

    @Test
    void aDuplicateMetAgainReturnsNoSecondUnitButStillFails() throws Exception {
        publisher.publish(MESSAGE, Outcome.rejected(Outcome.Kind.DUPLICATE, false));

        verifyNoInteractions(redisStock);
        assertThat(written("r1")).isEqualTo(RequestResult.fail("r1", 1001, "DUPLICATE"));
    }

    @Test
    void aMessageGivenUpBeforeChangesNothingMoreButLeavesTheQueuedSet() {
        publisher.publish(MESSAGE, Outcome.rejected(Outcome.Kind.GIVEN_UP, false));

        verifyNoInteractions(redisStock, closes, values);
        verify(queued).remove(SeckillKeys.queued(7), "r1");
    }

    @Test
    void aDeadLetteredMessageEndsItsRequestAsRejectedWithTheUnitBack() throws Exception {
        publisher.deadLettered(MESSAGE);

        verify(redisStock).giveBack(7, 1001);
        assertThat(written("r1")).isEqualTo(RequestResult.fail("r1", 1001, OrderCreator.GIVEN_UP));
        verify(queued).remove(SeckillKeys.queued(7), "r1");
        assertThat(consumed("rejected")).isEqualTo(1);
    }
}
