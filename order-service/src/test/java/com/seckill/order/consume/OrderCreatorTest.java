package com.seckill.order.consume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Queues;
import com.seckill.order.order.NewOrder;
import com.seckill.order.order.Order;
import com.seckill.order.order.OrderKey;
import com.seckill.order.order.OrderMapper;
import com.seckill.order.order.OrderStatus;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mockito.ArgumentCaptor;
import org.mockito.InOrder;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.SimpleTransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/** Which orders MySQL gets, and what a message that cannot have one is recorded as. */
class OrderCreatorTest {

    private static final Clock CLOCK = Clock.fixed(Instant.ofEpochMilli(1_748_772_000_000L), ZoneOffset.UTC);
    private static final OrderMessage MESSAGE = message("r1", 7);

    private final OrderMapper orders = mock(OrderMapper.class);
    private final ConsumeLogMapper consumeLog = mock(ConsumeLogMapper.class);
    private final PlatformTransactionManager transactions = mock(PlatformTransactionManager.class);
    private final OrderCreator creator = new OrderCreator(orders, consumeLog, new TransactionTemplate(transactions), CLOCK);

    private static OrderMessage message(String requestId, long activityId) {
        return new OrderMessage(requestId, 1001, activityId, 77, "phone", new BigDecimal("9.90"), 0);
    }

    private static DuplicateKeyException violated(String key) {
        return new DuplicateKeyException("Duplicate entry 'x' for key '" + key + "'");
    }

    private void settledBefore(Order order, String logged) {
        doThrow(violated("uk_consume_message")).when(consumeLog).insert(MESSAGE, Queues.ORDER_CREATE, "SUCCESS");
        when(orders.findByRequestId("r1")).thenReturn(order);
        when(consumeLog.findOutcome("r1")).thenReturn(logged);
    }

    @BeforeEach
    void transactionsBegin() {
        when(transactions.getTransaction(any())).thenReturn(new SimpleTransactionStatus());
    }

    @Test
    void aMessageBecomesAPendingOrderOnceItsUnitIsTaken() {
        doAnswer(call -> {
            call.<NewOrder>getArgument(0).setId(42L);
            return null;
        }).when(orders).insert(any());
        when(orders.takeStock(7)).thenReturn(1);

        assertThat(creator.create(MESSAGE)).isEqualTo(new Outcome(Outcome.Kind.SUCCESS, 42L, true));

        ArgumentCaptor<NewOrder> inserted = ArgumentCaptor.forClass(NewOrder.class);
        InOrder writes = inOrder(consumeLog, orders, transactions);
        writes.verify(consumeLog).insert(MESSAGE, Queues.ORDER_CREATE, "SUCCESS");
        writes.verify(orders).insert(inserted.capture());
        writes.verify(orders).takeStock(7);
        writes.verify(transactions).commit(any());
        assertThat(inserted.getValue().getRequestId()).isEqualTo("r1");
        assertThat(inserted.getValue().getStatus()).isEqualTo(OrderStatus.PENDING);
        assertThat(inserted.getValue().getOrderNo()).matches(CLOCK.millis() + "\\d{9}");
    }

    @Test
    void noUnitLeftInMysqlRollsTheOrderBackAndRecordsSoldOut() {
        when(orders.takeStock(7)).thenReturn(0);
        when(orders.activityExists(7)).thenReturn(1);

        assertThat(creator.create(MESSAGE)).isEqualTo(Outcome.rejected(Outcome.Kind.SOLD_OUT, true));

        verify(transactions).rollback(any());
        verify(consumeLog).insert(MESSAGE, Queues.ORDER_CREATE, "SOLD_OUT");
    }

    @Test
    void anActivityMysqlDoesNotKnowIsNeitherAnOrderNorSoldOut() {
        when(orders.takeStock(7)).thenReturn(0);
        when(orders.activityExists(7)).thenReturn(0);

        assertThatThrownBy(() -> creator.create(MESSAGE)).isInstanceOf(UnknownActivity.class);

        verify(transactions).rollback(any());
        verify(consumeLog, never()).insert(MESSAGE, Queues.ORDER_CREATE, "SOLD_OUT");
    }

    @Test
    void aSecondOrderOfTheSameUserIsRecordedAsDuplicate() {
        doThrow(violated("uk_order_user_activity")).when(orders).insert(any());

        assertThat(creator.create(MESSAGE)).isEqualTo(Outcome.rejected(Outcome.Kind.DUPLICATE, true));

        verify(consumeLog).insert(MESSAGE, Queues.ORDER_CREATE, "DUPLICATE");
        verify(orders, never()).takeStock(anyLong());
    }

    @Test
    void anOrderNumberClashIsAFailureForTheRedeliveryToRepair() {
        doThrow(violated("uk_order_no")).when(orders).insert(any());

        assertThatThrownBy(() -> creator.create(MESSAGE)).isInstanceOf(DuplicateKeyException.class);

        verify(consumeLog, never()).insert(eq(MESSAGE), any(), eq("DUPLICATE"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"uk_consume_message", "uk_order_request"})
    void aRedeliveredMessageAnswersWithTheOrderItCreatedBefore(String key) {
        if (key.equals("uk_consume_message")) {
            doThrow(violated(key)).when(consumeLog).insert(MESSAGE, Queues.ORDER_CREATE, "SUCCESS");
        } else {
            doThrow(violated(key)).when(orders).insert(any());
        }
        when(orders.findByRequestId("r1")).thenReturn(new Order(9, "no", "r1", 1001, 7, 77, "phone",
                new BigDecimal("9.90"), OrderStatus.PENDING.code(), null, false, CLOCK.instant()));

        assertThat(creator.create(MESSAGE)).isEqualTo(new Outcome(Outcome.Kind.SUCCESS, 9L, false));

        verify(orders, never()).takeStock(anyLong());
    }

    @ParameterizedTest
    @CsvSource({"SOLD_OUT, SOLD_OUT", "DUPLICATE, DUPLICATE", "REJECTED, GIVEN_UP"})
    void aRedeliveredTurnedDownMessageRepeatsItsOutcomeAsNotTheFirstTime(String logged, Outcome.Kind kind) {
        settledBefore(null, logged);

        assertThat(creator.create(MESSAGE)).isEqualTo(Outcome.rejected(kind, false));
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = "SUCCESS")
    void aMessageLoggedWithoutItsOrderIsAnIllegalState(String logged) {
        settledBefore(null, logged);

        assertThatThrownBy(() -> creator.create(MESSAGE)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aRejectionAnotherConsumerRecordedFirstIsNotAppliedTwice() {
        when(orders.takeStock(7)).thenReturn(0);
        when(orders.activityExists(7)).thenReturn(1);
        doThrow(violated("uk_consume_message")).when(consumeLog).insert(MESSAGE, Queues.ORDER_CREATE, "SOLD_OUT");
        when(consumeLog.findOutcome("r1")).thenReturn("SOLD_OUT");

        assertThat(creator.create(MESSAGE)).isEqualTo(Outcome.rejected(Outcome.Kind.SOLD_OUT, false));
    }

    @Test
    void aBatchIsOneInsertOfEachKindAndOneStockUpdatePerActivityInIdOrder() {
        List<OrderMessage> batch = List.of(message("r1", 9), message("r2", 7), message("r3", 9));
        when(orders.findIdsByRequestIds(List.of("r1", "r2", "r3")))
                .thenReturn(List.of(new OrderKey(13, "r3"), new OrderKey(11, "r1"), new OrderKey(12, "r2")));
        when(orders.takeStockFor(anyLong(), anyInt())).thenReturn(1);

        assertThat(creator.createAll(batch)).contains(List.of(11L, 12L, 13L));

        @SuppressWarnings("unchecked")
        ArgumentCaptor<List<NewOrder>> inserted = ArgumentCaptor.forClass(List.class);
        InOrder writes = inOrder(consumeLog, orders, transactions);
        writes.verify(consumeLog).insertAll(batch, Queues.ORDER_CREATE, "SUCCESS");
        writes.verify(orders).insertAll(inserted.capture());
        writes.verify(orders).takeStockFor(7, 1);
        writes.verify(orders).takeStockFor(9, 2);
        writes.verify(transactions).commit(any());
        assertThat(inserted.getValue()).extracting(NewOrder::getRequestId).containsExactly("r1", "r2", "r3");
        verify(orders, never()).insert(any());
    }

    @Test
    void aBatchShortOfUnitsWritesNothingAndIsLeftToSingleOrders() {
        when(orders.takeStockFor(7, 2)).thenReturn(0);

        assertThat(creator.createAll(List.of(message("r1", 7), message("r2", 7)))).isEmpty();

        verify(transactions).rollback(any());
        verify(transactions, never()).commit(any());
    }

    @Test
    void aBatchMeetingAUniqueKeyWritesNothingAndIsLeftToSingleOrders() {
        doThrow(violated("uk_order_user_activity")).when(orders).insertAll(any());

        assertThat(creator.createAll(List.of(message("r1", 7), message("r2", 7)))).isEmpty();

        verify(transactions).rollback(any());
        verify(orders, never()).takeStockFor(anyLong(), anyInt());
    }

    @Test
    void aBatchMeetingAnOutagePassesItOnToBeRetried() {
        doThrow(new CannotGetJdbcConnectionException("MySQL away")).when(orders).insertAll(any());

        assertThatThrownBy(() -> creator.createAll(List.of(message("r1", 7), message("r2", 7))))
                .isInstanceOf(CannotGetJdbcConnectionException.class);
    }

    @Test
    void aGivenUpMessageIsRecordedAsANewGivenUpOutcome() {
        assertThat(creator.recordGivenUp(MESSAGE)).isEqualTo(Outcome.rejected(Outcome.Kind.GIVEN_UP, true));

        verify(consumeLog).insert(MESSAGE, Queues.ORDER_CREATE, OrderCreator.GIVEN_UP);
    }

    @Test
    void aMessageSettledBeforeItWasGivenUpKeepsThatOutcomeItsOrderStands() {
        doThrow(violated("uk_consume_message")).when(consumeLog).insert(MESSAGE, Queues.ORDER_CREATE, OrderCreator.GIVEN_UP);
        when(orders.findByRequestId("r1")).thenReturn(new Order(9, "no", "r1", 1001, 7, 77, "phone",
                new BigDecimal("9.90"), OrderStatus.PENDING.code(), null, false, CLOCK.instant()));

        assertThat(creator.recordGivenUp(MESSAGE)).isEqualTo(new Outcome(Outcome.Kind.SUCCESS, 9L, false));
    }
}
