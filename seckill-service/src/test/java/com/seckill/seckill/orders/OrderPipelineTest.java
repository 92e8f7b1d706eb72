package com.seckill.seckill.orders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.seckill.common.ledger.ConsumerState;
import com.seckill.common.message.Queues;
import com.seckill.seckill.SeckillProperties;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** Drained: no order message waits in either queue and every consumer has been idle for consumer-idle (1 s). */
class OrderPipelineTest {

    private static final SeckillProperties PROPERTIES = new Binder(new MapConfigurationPropertySource(Map.of()))
            .bindOrCreate("seckill.sale", SeckillProperties.class);

    private final AmqpAdmin broker = mock(AmqpAdmin.class);
    private final OrderRecords orders = mock(OrderRecords.class);
    private final OrderPipeline pipeline = new OrderPipeline(broker, orders, PROPERTIES);

    @BeforeEach
    void setUp() {
        when(broker.getQueueProperties(Queues.ORDER_CREATE_RETRY)).thenReturn(messages(0));
        when(broker.getQueueProperties(Queues.ORDER_CREATE)).thenReturn(messages(0));
        when(orders.consumers()).thenReturn(List.of(new ConsumerState(false, 1_000), new ConsumerState(false, 60_000)));
    }

    @Test
    void emptyQueuesAndConsumersIdleLongEnoughAreDrained() {
        assertThat(pipeline.drained()).isTrue();
    }

    @Test
    void aMessageWaitingOutItsRetryBackOffIsStillInThePipeline() {
        when(broker.getQueueProperties(Queues.ORDER_CREATE_RETRY)).thenReturn(messages(1));

        assertThat(pipeline.drained()).isFalse();

        verifyNoInteractions(orders);
    }

    @Test
    void aMessageInTheOrderQueueIsStillInThePipeline() {
        when(broker.getQueueProperties(Queues.ORDER_CREATE)).thenReturn(messages(3));

        assertThat(pipeline.drained()).isFalse();
    }

    @Test
    void aQueueTheBrokerDoesNotKnowHoldsNothing() {
        when(broker.getQueueProperties(Queues.ORDER_CREATE_RETRY)).thenReturn(null);

        assertThat(pipeline.drained()).isTrue();
    }

    @Test
    void aConsumerHandlingAMessageOrJustDoneWithOneMayStillWriteAnOrder() {
        when(orders.consumers()).thenReturn(List.of(new ConsumerState(true, 60_000)));
        assertThat(pipeline.drained()).as("busy").isFalse();

        when(orders.consumers()).thenReturn(List.of(new ConsumerState(false, 60_000), new ConsumerState(false, 999)));
        assertThat(pipeline.drained()).as("idle for less than a second").isFalse();
    }

    @Test
    void whatCannotBeAskedIsNotDrained() {
        when(orders.consumers()).thenThrow(new OrderServiceUnavailable("order-service away", null));
        assertThat(pipeline.drained()).isFalse();

        when(broker.getQueueProperties(Queues.ORDER_CREATE_RETRY)).thenThrow(new AmqpConnectException(null));
        assertThat(pipeline.drained()).isFalse();
    }

    private static Properties messages(int count) {
        Properties queue = new Properties();
        queue.put(RabbitAdmin.QUEUE_MESSAGE_COUNT, count);
        return queue;
    }
}
