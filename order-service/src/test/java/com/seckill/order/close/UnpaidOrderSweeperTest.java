package com.seckill.order.close;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.seckill.order.OrderProperties;
import com.seckill.order.lifecycle.OrderLifecycle;
import com.seckill.order.order.Order;
import com.seckill.order.order.OrderMapper;
import com.seckill.order.order.OrderStatus;
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
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.redisson.client.RedisConnectionException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.jdbc.CannotGetJdbcConnectionException;

/** Which unpaid orders the sweeper closes when their close message never came, and under what lock. */
class UnpaidOrderSweeperTest {

    private static final Instant NOW = Instant.parse("2025-06-01T10:00:00Z");
    private static final Duration PAY_TIMEOUT = Duration.ofMinutes(15);
    private static final Duration GRACE = Duration.ofSeconds(30);

    private final OrderMapper orders = mock(OrderMapper.class);
    private final OrderLifecycle lifecycle = mock(OrderLifecycle.class);
    private final RedissonClient redisson = mock(RedissonClient.class);
    private final RLock lock = mock(RLock.class);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final UnpaidOrderSweeper sweeper = new UnpaidOrderSweeper(orders, lifecycle, redisson,
            properties(Map.of("seckill.order.pay-timeout", "15m", "seckill.order.sweep-grace", "30s")),
            Clock.fixed(NOW, ZoneOffset.UTC), meters);

    /** The service's settings with its defaults, as Spring Boot would bind them, but for these. */
    private static OrderProperties properties(Map<String, String> settings) {
        return new Binder(new MapConfigurationPropertySource(settings)).bindOrCreate("seckill.order", OrderProperties.class);
    }

    @BeforeEach
    void oneSweeperAtATime() {
        when(redisson.getLock(UnpaidOrderSweeper.LOCK)).thenReturn(lock);
        when(lock.tryLock()).thenReturn(true);
    }

    private double lastSuccess() {
        return meters.get("seckill.job.last.success").tag("job", "unpaid-order-sweep").gauge().value();
    }

    @Test
    void unpaidOrdersOlderThanThePayTimeoutAndGraceAreClosedAndCounted() {
        when(orders.findUnpaidCreatedBefore(NOW.minus(PAY_TIMEOUT).minus(GRACE), 500)).thenReturn(List.of(1L, 2L, 3L));
        when(lifecycle.close(1)).thenReturn(true);
        when(lifecycle.close(2)).thenReturn(false); // paid meanwhile
        when(lifecycle.close(3)).thenReturn(true);

        assertThat(sweeper.sweep()).isEqualTo(2);

        verify(lifecycle).close(2);
        verify(lock).unlock();
    }

    @Test
    void endedOrdersWhoseUnitNeverReachedRedisGetItBack() {
        Order cancelled = new Order(8, "no", "r8", 1001, 7, 77, "phone", BigDecimal.ONE, OrderStatus.CANCELLED.code(),
                null, false, NOW.minus(PAY_TIMEOUT));
        when(orders.findEndedWithoutReturnBefore(NOW.minus(GRACE), 500)).thenReturn(List.of(8L));
        when(orders.findById(8)).thenReturn(cancelled);

        assertThat(sweeper.sweep()).isZero();

        verify(lifecycle).returnToSale(cancelled);
    }

    @Test
    void whileAnotherInstanceSweepsThisOneDoesNothing() {
        when(lock.tryLock()).thenReturn(false);

        assertThat(sweeper.sweep()).isZero();

        verifyNoInteractions(orders, lifecycle);
        verify(lock, never()).unlock();
    }

    @Test
    void aFailedSweepReleasesTheLockAndIsNotReportedAsASuccess() {
        when(orders.findUnpaidCreatedBefore(NOW.minus(PAY_TIMEOUT).minus(GRACE), 500))
                .thenThrow(new CannotGetJdbcConnectionException("MySQL away"));

        assertThatThrownBy(sweeper::sweep).isInstanceOf(CannotGetJdbcConnectionException.class);
        verify(lock).unlock();

        sweeper.scheduledSweep();
        assertThat(lastSuccess()).isZero();
    }

    @Test
    void oneOrderThatFailsHoldsUpNoneOfTheOthers() {
        when(orders.findUnpaidCreatedBefore(NOW.minus(PAY_TIMEOUT).minus(GRACE), 500)).thenReturn(List.of(1L, 2L));
        when(lifecycle.close(1)).thenThrow(new RedisConnectionException("Redis away"));
        when(lifecycle.close(2)).thenReturn(true);
        Order failing = new Order(8, "no", "r8", 1001, 7, 77, "phone", BigDecimal.ONE, OrderStatus.CANCELLED.code(),
                null, false, NOW.minus(PAY_TIMEOUT));
        Order next = new Order(9, "no9", "r9", 1002, 7, 77, "phone", BigDecimal.ONE, OrderStatus.CLOSED.code(),
                null, false, NOW.minus(PAY_TIMEOUT));
        when(orders.findEndedWithoutReturnBefore(NOW.minus(GRACE), 500)).thenReturn(List.of(8L, 9L));
        when(orders.findById(8)).thenReturn(failing);
        when(orders.findById(9)).thenReturn(next);
        doThrow(new RedisConnectionException("Redis away")).when(lifecycle).returnToSale(failing);

        assertThat(sweeper.sweep()).isEqualTo(1);

        verify(lifecycle).returnToSale(next);
        verify(lock).unlock();
    }

    @Test
    void aCompletedRoundIsReportedAsTheLastSuccess() {
        sweeper.scheduledSweep();

        assertThat(lastSuccess()).isEqualTo(NOW.getEpochSecond());
    }
}
