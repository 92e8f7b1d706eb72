package com.seckill.order.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.seckill.common.message.Settlement;
import com.seckill.order.infra.SettlementPublisher;
import com.seckill.order.lifecycle.OrderLifecycle.PayOutcome;
import com.seckill.order.lifecycle.OrderLifecycle.RefundOutcome;
import com.seckill.order.order.Order;
import com.seckill.order.order.OrderMapper;
import com.seckill.order.order.OrderStatus;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** Which state changes an order allows after its creation, and what an ended order gives back. */
class OrderLifecycleTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-06-01T10:15:00Z"), ZoneOffset.UTC);
    private static final BigDecimal PRICE = new BigDecimal("9.90");

    private final OrderMapper orders = mock(OrderMapper.class);
    private final SettlementPublisher settlements = mock(SettlementPublisher.class);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final OrderLifecycle lifecycle = new OrderLifecycle(orders, settlements,
            new TransactionTemplate(mock(PlatformTransactionManager.class)), CLOCK, meters);

    private static Order order(OrderStatus status, boolean stockReturned) {
        return new Order(5, "no", "r1", 1001, 7, 77, "phone", PRICE, status.code(), null, stockReturned,
                CLOCK.instant().minusSeconds(900));
    }

    private double events(String event) {
        return meters.get("seckill.order.events").tag("event", event).counter().count();
    }

    private void verifyUnitReturnedEverywhere() {
        verify(orders).returnStock(7);
        verify(settlements).publish(List.of(Settlement.ended(7, 1001, 5)));
        verify(orders).markStockReturned(5);
    }

    @Test
    void closingAPendingOrderReturnsItsUnitToMysqlAndTellsTheSaleItEnded() {
        when(orders.markClosed(5)).thenReturn(1);
        when(orders.findById(5)).thenReturn(order(OrderStatus.CLOSED, false));

        assertThat(lifecycle.close(5)).isTrue();

        verifyUnitReturnedEverywhere();
        assertThat(events("closed")).isEqualTo(1);
    }

    @Test
    void anOrderPaidFirstIsNotClosedAndKeepsItsUnit() {
        when(orders.markClosed(5)).thenReturn(0);
        when(orders.findById(5)).thenReturn(order(OrderStatus.PAID, false));

        assertThat(lifecycle.close(5)).isFalse();

        verify(orders, never()).returnStock(anyLong());
        verify(orders, never()).markStockReturned(anyLong());
        verifyNoInteractions(settlements);
        assertThat(events("closed")).isZero();
    }

    @Test
    void aCloseThatLostToAnEarlierEndStillFinishesItsInterruptedReturnToRedis() {
        when(orders.markClosed(5)).thenReturn(0);
        when(orders.findById(5)).thenReturn(order(OrderStatus.CANCELLED, false));

        assertThat(lifecycle.close(5)).isFalse();

        verify(orders, never()).returnStock(anyLong());
        verify(settlements).publish(List.of(Settlement.ended(7, 1001, 5)));
        verify(orders).markStockReturned(5);
    }

    @Test
    void onlyTheOwnerCancelsAPendingOrder() {
        when(orders.markCancelled(5, 1001)).thenReturn(1);
        when(orders.findById(5)).thenReturn(order(OrderStatus.CANCELLED, false));

        assertThat(lifecycle.cancel(5, 2002)).isFalse();
        verify(orders, never()).returnStock(anyLong());

        assertThat(lifecycle.cancel(5, 1001)).isTrue();
        verify(orders).returnStock(7);
        assertThat(events("cancelled")).isEqualTo(1);
    }

    @Test
    void aCancelThatCommittedIsAnsweredAsDoneThoughTheSaleCouldNotBeToldYet() {
        when(orders.markCancelled(5, 1001)).thenReturn(1);
        when(orders.findById(5)).thenReturn(order(OrderStatus.CANCELLED, false));
        doThrow(new AmqpConnectException(new RuntimeException("broker away"))).when(settlements).publish(any());

        assertThat(lifecycle.cancel(5, 1001)).as("cancelled in MySQL: the owner is told so").isTrue();

        verify(orders).returnStock(7);
        verify(orders, never()).markStockReturned(anyLong()); // left for the sweeper
        assertThat(events("cancelled")).isEqualTo(1);
    }

    @Test
    void aCloseWhoseUnitCannotBeHandedBackFailsSoItsMessageIsTriedAgain() {
        when(orders.markClosed(5)).thenReturn(1);
        when(orders.findById(5)).thenReturn(order(OrderStatus.CLOSED, false));
        doThrow(new AmqpConnectException(new RuntimeException("broker away"))).when(settlements).publish(any());

        assertThatThrownBy(() -> lifecycle.close(5)).isInstanceOf(AmqpConnectException.class);

        verify(orders).returnStock(7);
        verify(orders, never()).markStockReturned(anyLong());
        assertThat(events("closed")).as("it did close").isEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource({"PENDING, false", "PAID, false", "CANCELLED, true", "CLOSED, true", "REFUNDED, true"})
    void onlyAnEndedOrderWhoseUnitIsNotBackYetGivesItBack(OrderStatus status, boolean stockReturned) {
        lifecycle.returnToSale(order(status, stockReturned));

        verifyNoInteractions(settlements);
        verify(orders, never()).markStockReturned(anyLong());
    }

    @Test
    void exactlyThePriceOfAPendingOrderPaysIt() {
        when(orders.markPaid(5, PRICE, CLOCK.instant())).thenReturn(1);

        assertThat(lifecycle.pay(5, PRICE)).isEqualTo(PayOutcome.PAID);

        assertThat(events("paid")).isEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource({"PAID, 9.90, ALREADY_PAID", "PENDING, 9.00, AMOUNT_MISMATCH", "CLOSED, 9.90, NOT_PAYABLE",
            "CLOSED, 9.00, NOT_PAYABLE", "CANCELLED, 9.90, NOT_PAYABLE", "REFUNDED, 9.90, NOT_PAYABLE"})
    void aPaymentThatDoesNotPaySaysWhy(OrderStatus status, BigDecimal amount, PayOutcome expected) {
        when(orders.findById(5)).thenReturn(order(status, false));

        assertThat(lifecycle.pay(5, amount)).isEqualTo(expected);

        assertThat(events("paid")).isZero();
    }

    @Test
    void aPaymentForNoOrderIsUnknown() {
        assertThat(lifecycle.pay(404, PRICE)).isEqualTo(PayOutcome.UNKNOWN);
    }

    @Test
    void aRefundedOrderEndsAndItsUnitGoesBackToMySqlAndToTheSale() {
        when(orders.markRefunded(5, PRICE)).thenReturn(1);
        when(orders.findById(5)).thenReturn(order(OrderStatus.REFUNDED, false));

        assertThat(lifecycle.refund(5, PRICE)).isEqualTo(RefundOutcome.REFUNDED);

        verifyUnitReturnedEverywhere();
        assertThat(events("refunded")).isEqualTo(1);
    }

    @Test
    void aRefundToldAgainChangesNothingButFinishesAnInterruptedReturn() {
        when(orders.findById(5)).thenReturn(order(OrderStatus.REFUNDED, false));

        assertThat(lifecycle.refund(5, PRICE)).isEqualTo(RefundOutcome.ALREADY_REFUNDED);

        verify(orders, never()).returnStock(anyLong());
        verify(orders).markStockReturned(5);
        assertThat(events("refunded")).isZero();
    }

    @ParameterizedTest
    @CsvSource({"PAID, 9.00, AMOUNT_MISMATCH", "PENDING, 9.90, NOT_REFUNDABLE", "CLOSED, 9.90, NOT_REFUNDABLE",
            "CANCELLED, 9.90, NOT_REFUNDABLE"})
    void aRefundThatDoesNotApplySaysWhyAndReturnsNothing(OrderStatus status, BigDecimal amount, RefundOutcome expected) {
        when(orders.findById(5)).thenReturn(order(status, false));

        assertThat(lifecycle.refund(5, amount)).isEqualTo(expected);

        verify(orders, never()).returnStock(anyLong());
        assertThat(events("refunded")).isZero();
    }

    @Test
    void aRefundForNoOrderIsUnknown() {
        assertThat(lifecycle.refund(404, PRICE)).isEqualTo(RefundOutcome.UNKNOWN);
    }
}
