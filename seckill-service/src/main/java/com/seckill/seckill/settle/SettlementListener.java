package com.seckill.seckill.settle;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.Queues;
import com.seckill.common.message.Settlement;
import java.io.IOException;
import java.util.List;
import org.springframework.amqp.AmqpRejectAndDontRequeueException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

/**
 * Consumer of {@code seckill.settlement}: order-service's decisions, applied to this service's keys by
 * {@link Settlements}. A message that cannot be read is dead-lettered at once; one that fails while Redis or
 * the broker is away is tried again, with a growing pause, for as long as that lasts; any other failure a
 * few times, then dead-lettered (Spring AMQP's retry interceptor, {@code SettlementRetry}).
 */
@Component
class SettlementListener {

    private static final TypeReference<List<Settlement>> BATCH = new TypeReference<>() {
    };

    private final Settlements settlements;
    private final ObjectMapper json;

    SettlementListener(Settlements settlements, ObjectMapper json) {
        this.settlements = settlements;
        this.json = json;
    }

    @RabbitListener(queues = Queues.SETTLEMENT, containerFactory = SettlementRetry.LISTENER_FACTORY)
    void onSettlements(Message message) {
        List<Settlement> batch;
        try {
            batch = json.readValue(message.getBody(), BATCH);
        } catch (IOException e) {
            throw new AmqpRejectAndDontRequeueException("Unreadable settlement " + message.getMessageProperties().getMessageId(), e);
        }
        if (batch == null || batch.stream().anyMatch(SettlementListener::impossible)) {
            throw new AmqpRejectAndDontRequeueException("Impossible settlement " + message.getMessageProperties().getMessageId());
        }
        settlements.apply(batch);
    }

    private static boolean impossible(Settlement settlement) {
        if (settlement == null || settlement.kind() == null) {
            return true;
        }
        return switch (settlement.kind()) {
            case CREATED -> settlement.requestId() == null || settlement.orderId() == null;
            case REFUSED, DUPLICATE -> settlement.requestId() == null || settlement.reason() == null;
            case ENDED -> settlement.orderId() == null;
        };
    }
}
