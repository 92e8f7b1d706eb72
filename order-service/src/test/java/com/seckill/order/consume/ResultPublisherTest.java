package com.seckill.order.consume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Settlement;
import com.seckill.order.close.CloseScheduler;
import com.seckill.order.infra.SettlementPublisher;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.AmqpException;

/** What seckill-service is told, and which timers start, once an order message is handled. */
class ResultPublisherTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-06-01T10:00:00Z"), ZoneOffset.UTC);
    private static final OrderMessage MESSAGE = message("r1", 7);

    private final SettlementPublisher settlements = mock(SettlementPublisher.class);
    private final CloseScheduler closes = mock(CloseScheduler.class);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final ResultPublisher publisher = new ResultPublisher(settlements, closes, new ConsumerMetrics(meters, CLOCK));

    private static OrderMessage message(String requestId, long activityId) {
        return new OrderMessage(requestId, 1001, activityId, 77, "phone", new BigDecimal("9.90"), 0);
    }

    private double consumed(String outcome) {
        return meters.get("seckill.orders.consumed").tag("outcome", outcome).counter().count();
    }

    @Test
    void newOrdersGetOneCloseTimerAndOneSettlementMessageForThemAll() {
        List<OrderMessage> batch = List.of(message("r1", 7), message("r2", 8), message("r3", 7));

        publisher.publishCreated(batch, List.of(11L, 12L, 13L));

        verify(closes).schedule(List.of(11L, 12L, 13L));
        verify(settlements).publish(List.of(
                new Settlement(Settlement.Kind.CREATED, "r1", 7, 1001, 11L, null),
                new Settlement(Settlement.Kind.CREATED, "r2", 8, 1001, 12L, null),
                new Settlement(Settlement.Kind.CREATED, "r3", 7, 1001, 13L, null)));
        assertThat(consumed("success")).isEqualTo(3);
    }

    @Test
    void aCreatedOrderMetAgainIsSettledWithItsOrderAndTimedAgainButNotCountedAsCreatedAgain() {
        publisher.publish(MESSAGE, new Outcome(Outcome.Kind.SUCCESS, 11L, false));

        verify(closes).schedule(List.of(11L));
        verify(settlements).publish(List.of(Settlement.created(MESSAGE, 11)));
        assertThat(meters.get("seckill.order.events").tag("event", "created").counter().count()).isZero();
        assertThat(consumed("success")).isEqualTo(1);
    }

    @Test
    void aSoldOutOrderIsSettledAsRefusedSoTheHoldAndUnitComeBack() {
        publisher.publish(MESSAGE, Outcome.rejected(Outcome.Kind.SOLD_OUT, true));

        verify(settlements).publish(List.of(new Settlement(Settlement.Kind.REFUSED, "r1", 7, 1001, null, "SOLD_OUT")));
        verifyNoInteractions(closes);
        assertThat(consumed("sold_out")).isEqualTo(1);
    }

    @Test
    void aDuplicateIsSettledAsDuplicateEveryTimeItIsMetTheOwnerReturnsItsUnitOnce() {
        publisher.publish(MESSAGE, Outcome.rejected(Outcome.Kind.DUPLICATE, true));
        publisher.publish(MESSAGE, Outcome.rejected(Outcome.Kind.DUPLICATE, false));

        verify(settlements, times(2)).publish(List.of(Settlement.duplicate(MESSAGE)));
        verifyNoInteractions(closes);
    }

    @Test
    void aMessageGivenUpBeforeIsSettledAsRefusedAgainInCaseTheFirstWasNotKept() {
        publisher.publish(MESSAGE, Outcome.rejected(Outcome.Kind.GIVEN_UP, false));

        verify(settlements).publish(List.of(Settlement.refused(MESSAGE, OrderCreator.GIVEN_UP)));
        verifyNoInteractions(closes);
    }

    @Test
    void aDeadLetteredMessageEndsItsRequestAsRefusedWithTheUnitBack() {
        publisher.deadLettered(MESSAGE);

        verify(settlements).publish(List.of(Settlement.refused(MESSAGE, OrderCreator.GIVEN_UP)));
        assertThat(consumed("rejected")).isEqualTo(1);
    }

    @Test
    void aSettlementTheBrokerDidNotKeepFailsTheMessageSoItIsTriedAgain() {
        doThrow(new AmqpException("nacked")).when(settlements).publish(any());

        assertThatThrownBy(() -> publisher.publish(MESSAGE, Outcome.rejected(Outcome.Kind.SOLD_OUT, true)))
                .isInstanceOf(AmqpException.class);
    }
}
