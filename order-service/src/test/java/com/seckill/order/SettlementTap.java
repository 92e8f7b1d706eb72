package com.seckill.order;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.Queues;
import com.seckill.common.message.Settlement;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;

/**
 * seckill-service's side of {@code seckill.settlement} in order-service's integration tests: the queue as
 * seckill-service declares it, read by this tap, which keeps every settlement order-service published (as
 * the result seckill-service would write, and the ended orders), so a test asks what seckill-service was told.
 * A component of the test sources: every order-service test context has it.
 */
@Component
public class SettlementTap {

    private static final TypeReference<List<Settlement>> BATCH = new TypeReference<>() {
    };

    private final ObjectMapper json;
    /** The last settlement of each request. */
    private final Map<String, Settlement> byRequest = new ConcurrentHashMap<>();
    private final List<Settlement> all = new CopyOnWriteArrayList<>();

    SettlementTap(ObjectMapper json) {
        this.json = json;
    }

    @Bean
    static Declarables settlementQueueOfSeckillService() {
        Queue queue = QueueBuilder.durable(Queues.SETTLEMENT).withArguments(Queues.settlementArguments()).build();
        Binding binding = BindingBuilder.bind(queue).to(new DirectExchange(Queues.SETTLEMENT_EXCHANGE, true, false)).with(Queues.SETTLEMENT);
        return new Declarables(queue, binding);
    }

    @RabbitListener(queues = Queues.SETTLEMENT)
    void onSettlements(Message message) throws IOException {
        for (Settlement settlement : json.readValue(message.getBody(), BATCH)) {
            all.add(settlement);
            if (settlement.requestId() != null) {
                byRequest.put(settlement.requestId(), settlement);
            }
        }
    }

    /** How a purchase ended, as seckill-service is told it: made an order, or failed for a reason. */
    public enum Status { SUCCESS, FAIL }

    /** What seckill-service was told of one request: the result it shows its shopper follows from it. */
    public record Outcome(String requestId, long userId, Status status, Long orderId, String reason) {
    }

    /** What seckill-service was told of the request, or null while nothing was. */
    public Outcome result(String requestId) {
        Settlement settlement = byRequest.get(requestId);
        if (settlement == null) {
            return null;
        }
        return settlement.kind() == Settlement.Kind.CREATED
                ? new Outcome(requestId, settlement.userId(), Status.SUCCESS, settlement.orderId(), null)
                : new Outcome(requestId, settlement.userId(), Status.FAIL, null, settlement.reason());
    }

    /** Every settlement told so far of the request or order. */
    public List<Settlement> of(String requestId, Long orderId) {
        return all.stream().filter(s -> requestId != null && requestId.equals(s.requestId())
                || orderId != null && orderId.equals(s.orderId()) && s.kind() == Settlement.Kind.ENDED).toList();
    }
}
