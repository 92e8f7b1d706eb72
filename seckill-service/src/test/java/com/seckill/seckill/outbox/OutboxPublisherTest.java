package com.seckill.seckill.outbox;

import com.seckill.common.redis.SeckillKeys;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

import com.seckill.common.message.Queues;
import com.seckill.seckill.SeckillProperties;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.core.ReturnedMessage;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.amqp.rabbit.core.RabbitTemplate.ConfirmCallback;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** An outbox entry leaves the outbox only on the broker's positive confirm of a routed message. */
class OutboxPublisherTest {

    /** No linger: what is queued when the publisher thread looks goes out in one message, at once. */
    private static final SeckillProperties PROPERTIES = new Binder(new MapConfigurationPropertySource(
            Map.of("seckill.sale.relay-linger", "0ms"))).bindOrCreate("seckill.sale", SeckillProperties.class);

    private final RabbitTemplate rabbit = mock(RabbitTemplate.class);
    private final InFlight inFlight = new InFlight();
    private final ConfirmedRemover remover = mock(ConfirmedRemover.class);
    private OutboxPublisher publisher;
    private ConfirmCallback confirm;

    @BeforeEach
    void setUp() {
        publisher = new OutboxPublisher(rabbit, PROPERTIES, inFlight, remover, new SimpleMeterRegistry());
        ArgumentCaptor<ConfirmCallback> callback = ArgumentCaptor.forClass(ConfirmCallback.class);
        verify(rabbit).setConfirmCallback(callback.capture());
        verify(rabbit).setMandatory(true);
        confirm = callback.getValue();
    }

    @AfterEach
    void stopPublisher() throws InterruptedException {
        publisher.stopThread();
    }

    @Test
    void anEntryAlreadyOnItsWayIsNotHandedToTheBrokerTwice() {
        inFlight.take("r1");

        CompletableFuture<Boolean> again = publisher.publish(SeckillKeys.outbox(7), "r1", "{}");

        assertThat(again).isCompletedWithValue(false);
    }

    @Test
    void oneEntryGoesOutAsItsOwnPersistentJsonMessageNamedByItsRequestId() {
        publisher.publish(SeckillKeys.outbox(7), "r1", "{\"requestId\":\"r1\"}");
        publisher.startThread();

        ArgumentCaptor<Message> message = ArgumentCaptor.forClass(Message.class);
        ArgumentCaptor<CorrelationData> correlation = ArgumentCaptor.forClass(CorrelationData.class);
        verify(rabbit, timeout(5_000)).send(eq(Queues.ORDER_EXCHANGE), eq(Queues.ORDER_CREATE_ROUTING_KEY), message.capture(),
                correlation.capture());
        MessageProperties properties = message.getValue().getMessageProperties();
        assertThat(new String(message.getValue().getBody(), StandardCharsets.UTF_8)).isEqualTo("{\"requestId\":\"r1\"}");
        assertThat(properties.getMessageId()).isEqualTo("r1");
        assertThat(properties.getDeliveryMode()).isEqualTo(MessageDeliveryMode.PERSISTENT);
        assertThat(properties.getContentType()).isEqualTo(MessageProperties.CONTENT_TYPE_JSON);
        assertThat(((OutboxBatch) correlation.getValue()).entries()).extracting(OutboxEntry::requestId).containsExactly("r1");
    }

    @Test
    void entriesAcceptedTogetherGoOutAsOneMessageHoldingTheirJsonArray() {
        publisher.publish(SeckillKeys.outbox(7), "r1", "{\"n\":1}");
        publisher.publish(SeckillKeys.outbox(8), "r2", "{\"n\":2}");
        publisher.publish(SeckillKeys.outbox(7), "r3", "{\"n\":3}");
        publisher.startThread();

        ArgumentCaptor<Message> message = ArgumentCaptor.forClass(Message.class);
        ArgumentCaptor<CorrelationData> correlation = ArgumentCaptor.forClass(CorrelationData.class);
        verify(rabbit, timeout(5_000)).send(eq(Queues.ORDER_EXCHANGE), eq(Queues.ORDER_CREATE_ROUTING_KEY), message.capture(),
                correlation.capture());
        assertThat(new String(message.getValue().getBody(), StandardCharsets.UTF_8)).isEqualTo("[{\"n\":1},{\"n\":2},{\"n\":3}]");
        assertThat(((OutboxBatch) correlation.getValue()).entries()).extracting(OutboxEntry::requestId)
                .containsExactly("r1", "r2", "r3");
        assertThat(message.getValue().getMessageProperties().getMessageId()).isEqualTo(correlation.getValue().getId())
                .isNotIn("r1", "r2", "r3");
    }

    @Test
    void aBrokerThatCannotBeReachedLeavesTheEntryToTheSweep() throws Exception {
        doThrow(new AmqpConnectException(new java.net.ConnectException("refused")))
                .when(rabbit).send(any(), any(), any(Message.class), any(CorrelationData.class));

        CompletableFuture<Boolean> published = publisher.publish(SeckillKeys.outbox(7), "r1", "{}");
        publisher.startThread();

        assertThat(published.get(5, TimeUnit.SECONDS)).isFalse();
        assertThat(inFlight.contains("r1")).isFalse();
        verifyNoInteractions(remover);
    }

    @Test
    void aPositiveConfirmOfARoutedMessageHandsItsEntriesToTheRemoverAndTellsThePurchases() {
        List<OutboxEntry> entries = List.of(entry(7, "r1"), entry(8, "r2"));

        confirm.confirm(new OutboxBatch(entries), true, null);

        verify(remover).confirmed(entries);
        assertThat(entries).allSatisfy(entry -> assertThat(entry.published()).isCompletedWithValue(true));
        assertThat(inFlight.contains("r1")).as("in flight until out of the outbox").isTrue();
    }

    @Test
    void aMessageTheBrokerReturnedUnroutedStaysInTheOutboxThoughItWasAcked() {
        OutboxEntry entry = entry(7, "r1");
        OutboxBatch batch = new OutboxBatch(List.of(entry));
        batch.setReturned(new ReturnedMessage(new Message(new byte[0]), 312, "NO_ROUTE", Queues.ORDER_EXCHANGE,
                Queues.ORDER_CREATE_ROUTING_KEY));

        confirm.confirm(batch, true, null);

        assertThat(entry.published()).isCompletedWithValue(false);
        assertThat(inFlight.contains("r1")).isFalse();
        verifyNoInteractions(remover);
    }

    @Test
    void aNackStaysInTheOutboxForTheSweep() {
        OutboxEntry entry = entry(7, "r1");

        confirm.confirm(new OutboxBatch(List.of(entry)), false, "disk alarm");

        assertThat(entry.published()).isCompletedWithValue(false);
        assertThat(inFlight.contains("r1")).isFalse();
        verifyNoInteractions(remover);
    }

    @Test
    void aConfirmOfAMessageThatIsNoOutboxBatchIsIgnored() {
        confirm.confirm(new CorrelationData("other"), true, null);

        verifyNoInteractions(remover);
    }

    private OutboxEntry entry(long activityId, String requestId) {
        inFlight.take(requestId);
        return new OutboxEntry(SeckillKeys.outbox(activityId), requestId, "{}", new CompletableFuture<>(), System.nanoTime());
    }
}
