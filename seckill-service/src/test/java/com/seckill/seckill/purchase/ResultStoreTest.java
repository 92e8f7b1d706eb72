package com.seckill.seckill.purchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.common.ledger.RequestOutcome;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.ActivityWarmer;
import com.seckill.seckill.infra.RedisGuard;
import com.seckill.seckill.orders.OrderRecords;
import com.seckill.seckill.orders.OrderServiceUnavailable;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ValueOperations;

/** A result is read from Redis, else from MySQL (and written back), and only ever shown to its owner. */
class ResultStoreTest {

    private final StringRedisTemplate redis = mock(StringRedisTemplate.class);
    @SuppressWarnings("unchecked")
    private final ValueOperations<String, String> values = mock(ValueOperations.class);
    private final RedisGuard redisGuard = mock(RedisGuard.class);
    private final ObjectMapper json = new ObjectMapper();
    private final OrderRecords orders = mock(OrderRecords.class);
    private final ActivityWarmer warmer = mock(ActivityWarmer.class);
    private final ResultStore results = new ResultStore(redis, redisGuard, json,
            new Binder(new MapConfigurationPropertySource(Map.of())).bindOrCreate("seckill.sale", SeckillProperties.class),
            orders, warmer);

    @BeforeEach
    void setUp() {
        when(redis.opsForValue()).thenReturn(values);
        when(redisGuard.call(any())).thenAnswer(call -> call.<Supplier<?>>getArgument(0).get());
        doAnswer(call -> {
            call.<Runnable>getArgument(0).run();
            return null;
        }).when(redisGuard).run(any());
        when(orders.request(anyString())).thenReturn(Optional.empty());
    }

    @Test
    void aResultInRedisIsShownToItsOwnerOnly() throws Exception {
        when(values.get(SeckillKeys.result("r1"))).thenReturn(json.writeValueAsString(RequestResult.success("r1", 42, 55)));

        assertThat(results.findOwned("r1", 42)).contains(RequestResult.success("r1", 42, 55));
        assertThat(results.findOwned("r1", 43)).isEmpty();
        verify(orders, never()).request(anyString());
    }

    @Test
    void aResultRedisLostIsReadFromMySqlAndWrittenBack() throws Exception {
        when(orders.request("r1")).thenReturn(Optional.of(new RequestOutcome("r1", 42, "FAIL", null, "SOLD_OUT")));

        assertThat(results.findOwned("r1", 42)).contains(RequestResult.fail("r1", 42, "SOLD_OUT"));

        verify(values).set(SeckillKeys.result("r1"), json.writeValueAsString(RequestResult.fail("r1", 42, "SOLD_OUT")),
                Duration.ofHours(24));
    }

    @Test
    void aResultNeitherRedisNorMySqlKnowsIsUnknownUnlessLostFiguresAreBeingRecovered() {
        assertThat(results.findOwned("r1", 42)).isEmpty();

        when(warmer.recovering()).thenReturn(true);
        assertThatThrownBy(() -> results.findOwned("r1", 42)).isInstanceOf(Refusals.ResultsUnavailable.class);
    }

    @Test
    void anOrderServiceThatCannotBeAskedMakesTheResultBusyNotUnknown() {
        when(orders.request("r1")).thenThrow(OrderServiceUnavailable.class);

        assertThatThrownBy(() -> results.findOwned("r1", 42)).isInstanceOf(Refusals.ResultsUnavailable.class)
                .extracting(e -> ((SeckillException) e).code()).isEqualTo(ErrorCode.BUSY);
    }
}
