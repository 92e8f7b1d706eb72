package com.seckill.order.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.CALLS_REAL_METHODS;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

import com.seckill.common.message.OrderMessage;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The order states: which change leaves which state, which states have ended, what a shopper is shown. */
class OrderStatesTest {

    private static final Instant CREATED = Instant.parse("2025-06-01T10:00:00Z");
    private static final BigDecimal PRICE = new BigDecimal("9.90");

    private final OrderMapper orders = mock(OrderMapper.class, CALLS_REAL_METHODS);

    private static Order order(OrderStatus status) {
        return new Order(5, "no", "r1", 1001, 7, 77, "phone", PRICE, status.code(), null, false, CREATED);
    }

    @Test
    void closingCancellingAndPayingAllLeaveOnlyAPendingOrder() {
        orders.markClosed(5);
        orders.markCancelled(5, 1001);
        orders.markPaid(5, PRICE, CREATED);

        verify(orders).move(5, OrderStatus.PENDING, OrderStatus.CLOSED);
        verify(orders).cancel(5, 1001, OrderStatus.PENDING, OrderStatus.CANCELLED);
        verify(orders).pay(5, PRICE, CREATED, OrderStatus.PENDING, OrderStatus.PAID);
    }

    @Test
    void theSweeperAndTheLedgerAskForTheStatesTheyMean() {
        orders.findUnpaidCreatedBefore(CREATED, 500);
        orders.findEndedWithoutReturnBefore(CREATED, 500);
        orders.findLiveHolders(7);

        verify(orders).findCreatedBefore(OrderStatus.PENDING, CREATED, 500);
        verify(orders).findWithoutReturnBefore(List.of(OrderStatus.CANCELLED, OrderStatus.CLOSED, OrderStatus.REFUNDED), CREATED, 500);
        verify(orders).findHolders(7, List.of(OrderStatus.PENDING, OrderStatus.PAID));
    }

    @ParameterizedTest
    @EnumSource(OrderStatus.class)
    void onlyCancelledClosedAndRefundedOrdersHaveEnded(OrderStatus status) {
        assertThat(order(status).ended())
                .isEqualTo(status == OrderStatus.CANCELLED || status == OrderStatus.CLOSED || status == OrderStatus.REFUNDED);
    }

    @Test
    void onlyAPaidOrderIsRefundedAndOnlyForItsPrice() {
        orders.markRefunded(5, PRICE);

        verify(orders).refund(5, PRICE, OrderStatus.PAID, OrderStatus.REFUNDED);
    }

    @Test
    void statusCodesAreThoseOfTheSchemaAndNoOther() {
        assertThat(List.of(OrderStatus.values())).extracting(OrderStatus::code).containsExactly(0, 1, 2, 3, 4);
        assertThat(OrderStatus.of(3)).isEqualTo(OrderStatus.CLOSED);
        assertThatThrownBy(() -> OrderStatus.of(5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aNewOrderIsPendingAndTakesWhatItSellsFromItsMessage() {
        NewOrder order = new NewOrder("1748772000000123456789", new OrderMessage("r1", 1001, 7, 77, "phone", PRICE, 0));

        assertThat(order.getStatus()).isEqualTo(OrderStatus.PENDING);
        assertThat(order.getOrderNo()).isEqualTo("1748772000000123456789");
        assertThat(List.of(order.getRequestId(), order.getUserId(), order.getActivityId(), order.getGoodsId(),
                order.getGoodsName(), order.getPrice())).containsExactly("r1", 1001L, 7L, 77L, "phone", PRICE);
        assertThat(order.getId()).as("until MySQL generates it").isNull();
    }

    @Test
    void onlyAPendingOrderShowsWhenItWillBeClosed() {
        assertThat(OrderView.of(order(OrderStatus.PENDING), Duration.ofMinutes(15)).payBefore())
                .isEqualTo(CREATED.plus(Duration.ofMinutes(15)));
        assertThat(OrderView.of(order(OrderStatus.PAID), Duration.ofMinutes(15)).payBefore()).isNull();
        assertThat(OrderView.of(order(OrderStatus.CLOSED), Duration.ofMinutes(15)).status()).isEqualTo("CLOSED");
    }
}
