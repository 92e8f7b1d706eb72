package com.seckill.order.consume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.client.Channel;
import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Queues;
import com.seckill.order.OrderProperties;
import com.seckill.order.infra.Redelivery;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mockito.ArgumentCaptor;
import org.mockito.InOrder;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;

/** How the order consumer settles what it is delivered: ack, reject, retry later, or give up. */
class OrderMessageListenerTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-06-01T10:00:00Z"), ZoneOffset.UTC);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final OrderCreator creator = mock(OrderCreator.class);
    private final ResultPublisher results = mock(ResultPublisher.class);
    private final RabbitTemplate rabbit = mock(RabbitTemplate.class);
    private final Redelivery redelivery = mock(Redelivery.class);
    private final Channel channel = mock(Channel.class);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private long nextTag = 1;

    /** The service's settings with its defaults, as Spring Boot would bind them, but for these. */
    private static OrderProperties properties(Map<String, String> settings) {
        return new Binder(new MapConfigurationPropertySource(settings)).bindOrCreate("seckill.order", OrderProperties.class);
    }

    @BeforeEach
    void aGivenUpMessageIsNewlyGivenUp() {
        when(creator.recordGivenUp(any())).thenReturn(Outcome.rejected(Outcome.Kind.GIVEN_UP, true));
    }

    private OrderMessageListener listener(int batchSize) {
        OrderProperties properties = properties(Map.of("seckill.order.batch-size", String.valueOf(batchSize)));
        DeliverySettler settler = new DeliverySettler(redelivery, new ConsumerMetrics(meters, CLOCK), rabbit, JSON, properties);
        return new OrderMessageListener(creator, results, new OrderBodyReader(JSON), settler, properties,
                new ConsumerActivity(CLOCK));
    }

    private void deliver(Message... batch) throws IOException {
        listener(50).onMessages(List.of(batch), channel);
    }

    private static OrderMessage order(String requestId) {
        return new OrderMessage(requestId, 1001, 7, 77, "phone", new BigDecimal("9.90"), 0);
    }

    private Message delivered(Object body, int attempts) throws JsonProcessingException {
        Message message = raw(JSON.writeValueAsString(body));
        if (attempts > 0) {
            message.getMessageProperties().setHeader(Queues.ATTEMPTS_HEADER, attempts);
        }
        return message;
    }

    private Message delivered(Object body) throws JsonProcessingException {
        return delivered(body, 0);
    }

    private Message raw(String body) {
        MessageProperties properties = new MessageProperties();
        properties.setDeliveryTag(nextTag++);
        return new Message(body.getBytes(StandardCharsets.UTF_8), properties);
    }

    private double retried(String reason) {
        return meters.get("seckill.orders.retried").tag("reason", reason).counter().count();
    }

    @Test
    void aMessageOfOneOrderIsCreatedAloneAndAcknowledged() throws IOException {
        when(creator.create(order("r1"))).thenReturn(Outcome.created(11));

        deliver(delivered(order("r1")));

        verify(creator, never()).createAll(any());
        verify(results).publish(order("r1"), Outcome.created(11));
        verify(channel).basicAck(1, false);
    }

    @Test
    void theOrdersOfSeveralMessagesGoThroughOneTransactionAndOneAcknowledgement() throws IOException {
        List<OrderMessage> all = List.of(order("r1"), order("r2"), order("r3"));
        when(creator.createAll(all)).thenReturn(Optional.of(List.of(11L, 12L, 13L)));

        deliver(delivered(order("r1")), delivered(List.of(order("r2"), order("r3"))));

        verify(results).publishCreated(all, List.of(11L, 12L, 13L));
        verify(creator, never()).create(any());
        verify(channel).basicAck(2, true);
        verifyNoMoreInteractions(channel);
    }

    @Test
    void aBatchThatCannotGoThroughWholeIsSettledMessageByMessage() throws IOException {
        when(creator.createAll(any())).thenReturn(Optional.empty());
        when(creator.create(order("r1"))).thenReturn(Outcome.created(11));
        when(creator.create(order("r2"))).thenReturn(Outcome.rejected(Outcome.Kind.SOLD_OUT, true));

        deliver(delivered(order("r1")), delivered(order("r2")));

        verify(results).publish(order("r1"), Outcome.created(11));
        verify(results).publish(order("r2"), Outcome.rejected(Outcome.Kind.SOLD_OUT, true));
        verify(results, never()).publishCreated(any(), any());
        verify(channel).basicAck(1, false);
        verify(channel).basicAck(2, false);
    }

    @Test
    void noTransactionHoldsMoreOrdersThanTheBatchSize() throws IOException {
        when(creator.createAll(List.of(order("r1"), order("r2")))).thenReturn(Optional.of(List.of(11L, 12L)));
        when(creator.create(order("r3"))).thenReturn(Outcome.created(13));

        listener(2).onMessages(List.of(delivered(order("r1")), delivered(order("r2")), delivered(order("r3"))), channel);

        verify(creator).createAll(any());
        verify(channel).basicAck(2, true);
        verify(results).publish(order("r3"), Outcome.created(13));
        verify(channel).basicAck(3, false);
    }

    static Stream<String> poison() throws JsonProcessingException {
        return Stream.of("", "not json", "{", "null", "[]", "[null]",
                JSON.writeValueAsString(new OrderMessage(null, 1001, 7, 77, "phone", BigDecimal.ONE, 0)),
                JSON.writeValueAsString(new OrderMessage(" ", 1001, 7, 77, "phone", BigDecimal.ONE, 0)),
                JSON.writeValueAsString(new OrderMessage("r".repeat(65), 1001, 7, 77, "phone", BigDecimal.ONE, 0)),
                JSON.writeValueAsString(new OrderMessage("r1", 0, 7, 77, "phone", BigDecimal.ONE, 0)),
                JSON.writeValueAsString(new OrderMessage("r1", 1001, 0, 77, "phone", BigDecimal.ONE, 0)),
                JSON.writeValueAsString(new OrderMessage("r1", 1001, 7, 0, "phone", BigDecimal.ONE, 0)),
                JSON.writeValueAsString(new OrderMessage("r1", 1001, 7, 77, null, BigDecimal.ONE, 0)),
                JSON.writeValueAsString(new OrderMessage("r1", 1001, 7, 77, "phone", null, 0)),
                JSON.writeValueAsString(new OrderMessage("r1", 1001, 7, 77, "phone", new BigDecimal("-0.01"), 0)),
                JSON.writeValueAsString(List.of(order("r1"), new OrderMessage("r2", -1, 7, 77, "phone", BigDecimal.ONE, 0))));
    }

    @ParameterizedTest
    @MethodSource("poison")
    void anUnreadableOrImpossibleBodyIsDeadLetteredWholeAndNothingOfItApplied(String body) throws IOException {
        deliver(raw(body));

        verify(channel).basicReject(1, false);
        verifyNoMoreInteractions(channel);
        verifyNoInteractions(creator, results, redelivery);
    }

    static Stream<String> edgeOfValid() throws JsonProcessingException {
        return Stream.of(
                JSON.writeValueAsString(new OrderMessage("r".repeat(64), 1001, 7, 77, "phone", BigDecimal.ONE, 0)),
                JSON.writeValueAsString(new OrderMessage("r1", 1001, 7, 77, "phone", BigDecimal.ZERO, 0)),
                " \n [" + JSON.writeValueAsString(order("r1")) + "]");
    }

    @ParameterizedTest
    @MethodSource("edgeOfValid")
    void aBodyAtTheEdgeOfValidIsStillAnOrder(String body) throws IOException {
        deliver(raw(body));

        verify(creator).create(any());
        verify(channel).basicAck(1, false);
        verify(channel, never()).basicReject(1, false);
    }

    @Test
    void aPoisonMessageDoesNotHoldBackTheRestOfItsBatch() throws IOException {
        when(creator.create(order("r2"))).thenReturn(Outcome.created(12));

        deliver(raw("not json"), delivered(order("r2")));

        verify(channel).basicReject(1, false);
        verify(results).publish(order("r2"), Outcome.created(12));
        verify(channel).basicAck(2, false);
    }

    @Test
    void anOutageSendsTheWholeBatchToWaitWithoutCountingAnAttempt() throws IOException {
        Message first = delivered(order("r1"), 2);
        Message second = delivered(order("r2"));
        when(creator.createAll(any())).thenThrow(new CannotGetJdbcConnectionException("MySQL away"));
        when(redelivery.later(eq(Queues.ORDER_CREATE_RETRY), any(), anyInt())).thenReturn(true);

        deliver(first, second);

        verify(redelivery).later(Queues.ORDER_CREATE_RETRY, first, 2);
        verify(redelivery).later(Queues.ORDER_CREATE_RETRY, second, 0);
        verify(creator, never()).create(any());
        verify(channel).basicAck(1, false);
        verify(channel).basicAck(2, false);
        assertThat(retried(ConsumerMetrics.OUTAGE)).isEqualTo(2);
    }

    @Test
    void anOutageMidwaySendsOnlyTheUnsettledMessagesToWait() throws IOException {
        Message first = delivered(order("r1"));
        Message second = delivered(order("r2"));
        Message third = delivered(order("r3"));
        when(creator.createAll(any())).thenThrow(new IllegalStateException("a bug in the batch path"));
        when(creator.create(order("r1"))).thenReturn(Outcome.created(11));
        when(creator.create(order("r2"))).thenThrow(new RedisConnectionFailureException("Redis away"));
        when(redelivery.later(eq(Queues.ORDER_CREATE_RETRY), any(), anyInt())).thenReturn(true);

        listener(2).onMessages(List.of(first, second, third), channel);

        verify(channel).basicAck(1, false);
        verify(redelivery, never()).later(any(), eq(first), anyInt());
        verify(redelivery).later(Queues.ORDER_CREATE_RETRY, second, 0);
        verify(redelivery).later(Queues.ORDER_CREATE_RETRY, third, 0);
        verify(creator, never()).create(order("r3"));
    }

    @Test
    void aFailingOrderWaitsInTheRetryQueueWithOneMoreAttemptCounted() throws IOException {
        Message message = delivered(order("r1"), OrderMessageListener.MAX_ATTEMPTS - 2);
        when(creator.create(order("r1"))).thenThrow(new IllegalStateException("bug"));
        when(redelivery.later(Queues.ORDER_CREATE_RETRY, message, OrderMessageListener.MAX_ATTEMPTS - 1)).thenReturn(true);

        deliver(message);

        verify(channel).basicAck(1, false);
        verify(creator, never()).recordGivenUp(any());
        verify(results, never()).deadLettered(any());
        assertThat(retried(ConsumerMetrics.FAILURE)).isEqualTo(1);
    }

    @Test
    void anOrderFailingItsLastAttemptIsGivenUpAndDeadLettered() throws IOException {
        Message message = delivered(order("r1"), OrderMessageListener.MAX_ATTEMPTS - 1);
        when(creator.create(order("r1"))).thenThrow(new IllegalStateException("bug"));

        deliver(message);

        verify(creator).recordGivenUp(order("r1"));
        verify(results).deadLettered(order("r1"));
        verify(channel).basicReject(1, false);
        verifyNoInteractions(redelivery);
    }

    @Test
    void aRetryCopyTheBrokerDidNotKeepSendsTheMessageBackToItsQueue() throws IOException {
        Message message = delivered(order("r1"));
        when(creator.create(order("r1"))).thenThrow(new IllegalStateException("bug"));
        when(redelivery.later(Queues.ORDER_CREATE_RETRY, message, 1)).thenReturn(false);

        deliver(message);

        verify(channel).basicNack(1, false, true);
        verify(channel, never()).basicAck(1, false);
        assertThat(retried(ConsumerMetrics.FAILURE)).isZero();
    }

    @Test
    void anOrderMadeInAnAttemptWhoseAnswerWasLostIsNotGivenUpItsOrderStandsAndItsUnitStaysSold() throws IOException {
        Message message = delivered(order("r1"), OrderMessageListener.MAX_ATTEMPTS - 1);
        when(creator.create(order("r1"))).thenThrow(new IllegalStateException("bug"));
        Outcome settledBefore = new Outcome(Outcome.Kind.SUCCESS, 9L, false);
        when(creator.recordGivenUp(order("r1"))).thenReturn(settledBefore);

        deliver(message);

        verify(results).publish(order("r1"), settledBefore);
        verify(results, never()).deadLettered(any());
    }

    @Test
    void anOrderForAnActivityMysqlDoesNotKnowIsGivenUpAtOnce() throws IOException {
        when(creator.create(order("r1"))).thenThrow(new UnknownActivity(7));

        deliver(delivered(order("r1")));

        verify(creator).recordGivenUp(order("r1"));
        verify(results).deadLettered(order("r1"));
        verify(channel).basicReject(1, false);
        verifyNoInteractions(redelivery);
    }

    @Test
    void anOrderIsGivenUpEvenWhenItsFailResultCannotBeWritten() throws IOException {
        when(creator.create(order("r1"))).thenThrow(new UnknownActivity(7));
        doThrow(new RedisConnectionFailureException("Redis away")).when(results).deadLettered(order("r1"));

        deliver(delivered(order("r1")));

        verify(channel).basicReject(1, false);
    }

    @Test
    void aGivenUpOrderOfAMessageCarryingOthersGoesToTheDeadLetterQueueAlone() throws IOException {
        when(creator.createAll(any())).thenReturn(Optional.empty());
        when(creator.create(order("r1"))).thenReturn(Outcome.created(11));
        when(creator.create(order("r2"))).thenThrow(new UnknownActivity(7));

        deliver(delivered(List.of(order("r1"), order("r2"))));

        ArgumentCaptor<Message> copy = ArgumentCaptor.forClass(Message.class);
        verify(rabbit).send(eq(Queues.ORDER_DEAD_LETTER_EXCHANGE), eq(Queues.ORDER_CREATE_DLQ), copy.capture());
        assertThat(JSON.readValue(copy.getValue().getBody(), OrderMessage.class)).isEqualTo(order("r2"));
        assertThat(copy.getValue().getMessageProperties().getMessageId()).isEqualTo("r2");
        verify(results).publish(order("r1"), Outcome.created(11));
        verify(channel).basicAck(1, false);
        verify(channel, never()).basicReject(1, false);
    }

    @Test
    void theGivenUpOrdersOfAMessageAreDeadLetteredBeforeTheRestOfItIsRetried() throws IOException {
        Message message = delivered(List.of(order("r1"), order("r2")));
        when(creator.createAll(any())).thenReturn(Optional.empty());
        when(creator.create(order("r1"))).thenThrow(new UnknownActivity(7));
        when(creator.create(order("r2"))).thenThrow(new IllegalStateException("bug"));
        when(redelivery.later(Queues.ORDER_CREATE_RETRY, message, 1)).thenReturn(true);

        deliver(message);

        InOrder sequence = inOrder(rabbit, redelivery, channel);
        sequence.verify(rabbit).send(eq(Queues.ORDER_DEAD_LETTER_EXCHANGE), eq(Queues.ORDER_CREATE_DLQ), any(Message.class));
        sequence.verify(redelivery).later(Queues.ORDER_CREATE_RETRY, message, 1);
        sequence.verify(channel).basicAck(1, false);
    }

    @Test
    void aGivenUpOrderOfAMessageThatThenMeetsAnOutageIsDeadLetteredBeforeTheMessageWaits() throws IOException {
        Message message = delivered(List.of(order("r1"), order("r2")));
        when(creator.createAll(any())).thenReturn(Optional.empty());
        when(creator.create(order("r1"))).thenThrow(new UnknownActivity(7));
        when(creator.create(order("r2"))).thenThrow(new CannotGetJdbcConnectionException("MySQL away"));
        when(redelivery.later(Queues.ORDER_CREATE_RETRY, message, 0)).thenReturn(true);

        deliver(message);

        ArgumentCaptor<Message> copy = ArgumentCaptor.forClass(Message.class);
        InOrder sequence = inOrder(rabbit, redelivery);
        sequence.verify(rabbit).send(eq(Queues.ORDER_DEAD_LETTER_EXCHANGE), eq(Queues.ORDER_CREATE_DLQ), copy.capture());
        sequence.verify(redelivery).later(Queues.ORDER_CREATE_RETRY, message, 0);
        assertThat(JSON.readValue(copy.getValue().getBody(), OrderMessage.class)).isEqualTo(order("r1"));
        assertThat(retried(ConsumerMetrics.OUTAGE)).isEqualTo(1);
    }
}
