package com.seckill.order.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockConstruction;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

import com.seckill.common.message.Queues;
import com.seckill.order.OrderProperties;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.mockito.MockedConstruction;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.core.ReturnedMessage;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The retry copy a failed message waits in, and when the original may be acknowledged. */
class RedeliveryTest {

    private static final String RETRY = Queues.ORDER_CREATE_RETRY;

    private final AmqpAdmin admin = mock(AmqpAdmin.class);
    private MockedConstruction<RabbitTemplate> templates;
    private RabbitTemplate rabbit;
    private Redelivery redelivery;

    /** The service's settings with its defaults, as Spring Boot would bind them, but for these. */
    private static OrderProperties properties(Map<String, String> settings) {
        return new Binder(new MapConfigurationPropertySource(settings)).bindOrCreate("seckill.order", OrderProperties.class);
    }

    @BeforeEach
    void ownTemplate() {
        templates = mockConstruction(RabbitTemplate.class);
        redelivery = new Redelivery(mock(ConnectionFactory.class), admin, properties(Map.of("seckill.order.retry-backoff", "1500ms")));
        rabbit = templates.constructed().get(0);
    }

    @AfterEach
    void closeTemplates() {
        templates.close();
    }

    private static Message original() {
        MessageProperties properties = new MessageProperties();
        properties.setMessageId("m-1");
        properties.setContentType(MessageProperties.CONTENT_TYPE_JSON);
        properties.setHeader("trace", "t-1");
        return new Message("{\"requestId\":\"r1\"}".getBytes(StandardCharsets.UTF_8), properties);
    }

    private void brokerAnswers(Consumer<CorrelationData> confirm) {
        doAnswer(call -> {
            confirm.accept(call.getArgument(3));
            return null;
        }).when(rabbit).send(anyString(), anyString(), any(Message.class), any(CorrelationData.class));
    }

    private static Message withAttempts(Object attempts) {
        Message message = original();
        message.getMessageProperties().setHeader(Queues.ATTEMPTS_HEADER, attempts);
        return message;
    }

    @Test
    void attemptsAreTheNumberTheRetryCopyCarriedAndNoneWithoutIt() {
        assertThat(Redelivery.attempts(original())).isZero();
        assertThat(Redelivery.attempts(withAttempts(3))).isEqualTo(3);
        assertThat(Redelivery.attempts(withAttempts(4L))).isEqualTo(4);
        assertThat(Redelivery.attempts(withAttempts("2"))).isZero();
    }

    @Test
    void aConfirmedCopyKeepsTheMessageCarriesItsAttemptsAndWaitsOutTheBackoff() {
        brokerAnswers(confirm -> confirm.getFuture().complete(new CorrelationData.Confirm(true, null)));
        Message original = original();

        assertThat(redelivery.later(RETRY, original, 3)).isTrue();

        ArgumentCaptor<Message> copy = ArgumentCaptor.forClass(Message.class);
        verify(rabbit).send(eq(""), eq(RETRY), copy.capture(), any(CorrelationData.class));
        MessageProperties copied = copy.getValue().getMessageProperties();
        assertThat(copy.getValue().getBody()).isEqualTo(original.getBody());
        assertThat(copied.<Integer>getHeader(Queues.ATTEMPTS_HEADER)).isEqualTo(3);
        assertThat(copied.getExpiration()).isEqualTo("1500");
        assertThat(copied.getDeliveryMode()).isEqualTo(MessageDeliveryMode.PERSISTENT);
        assertThat(copied.getMessageId()).isEqualTo("m-1");
        assertThat(copied.<String>getHeader("trace")).isEqualTo("t-1");
        assertThat(Redelivery.attempts(original)).as("the original, requeued if need be, keeps its count").isZero();
    }

    @Test
    void retryCopiesAreMandatorySoAnUnroutedOneIsNotTakenForKept() {
        verify(rabbit).setMandatory(true);
    }

    @Test
    void aCopyTheBrokerDidNotKeepLeavesTheOriginalToBeRequeued() {
        brokerAnswers(confirm -> confirm.getFuture().complete(new CorrelationData.Confirm(false, "nack")));

        assertThat(redelivery.later(RETRY, original(), 1)).isFalse();

        verifyNoInteractions(admin);
    }

    @Test
    void aCopyReturnedUnroutedIsNotKeptAndTheRetryQueueIsDeclaredAgain() {
        brokerAnswers(confirm -> {
            confirm.setReturned(new ReturnedMessage(original(), 312, "NO_ROUTE", "", RETRY));
            confirm.getFuture().complete(new CorrelationData.Confirm(true, null));
        });

        assertThat(redelivery.later(RETRY, original(), 1)).isFalse();

        verify(admin).initialize();
    }

    @Test
    void aCopyThatCouldNotBeSentIsNotKept() {
        doThrow(new AmqpConnectException(new RuntimeException("broker away")))
                .when(rabbit).send(anyString(), anyString(), any(Message.class), any(CorrelationData.class));

        assertThat(redelivery.later(RETRY, original(), 1)).isFalse();
    }

    @Test
    void aCopyWhoseConfirmFailedIsNotKept() {
        brokerAnswers(confirm -> confirm.getFuture().completeExceptionally(new IllegalStateException("channel closed")));

        assertThat(redelivery.later(RETRY, original(), 1)).isFalse();
    }

    @Test
    void aWaitForTheConfirmThatIsInterruptedIsNotKeptAndKeepsTheInterrupt() {
        Thread.currentThread().interrupt();

        boolean kept = redelivery.later(RETRY, original(), 1);

        assertThat(Thread.interrupted()).as("interrupt flag restored (and cleared here)").isTrue();
        assertThat(kept).isFalse();
    }
}
