package com.seckill.order.consume;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.OrderMessage;
import com.seckill.order.OrderProperties;
import com.seckill.web.warmup.WarmUpCall;
import com.seckill.web.warmup.WarmUpPlan;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What order-service's consumer warms before the service is ready. No request reaches it, and without this a
 * sale's first orders ran it in the interpreter while the JIT compiled it on the cores the sale needed (the
 * first ten seconds of a sale on a freshly started system: order-service's compiler threads took two fifths of
 * a core). A unit is two messages as the relay publishes them (JSON arrays of order messages) for warm-up users
 * and an activity nobody has, read as the listener reads deliveries and tried whole as it tries a batch: the
 * consume-log and order inserts, the ids read back, and the stock update, which finds no such activity and turns
 * the batch down. Around all of it is a transaction that is only ever rolled back: nothing of it stays, whatever
 * the activity table holds.
 */
@Component
class ConsumerWarmUp implements WarmUpPlan {

    /** No activity has this id: seckill-service's count up from 1. */
    static final long NOBODYS_ACTIVITY = Long.MAX_VALUE;
    static final int MESSAGES = 2;
    static final int ORDERS_PER_MESSAGE = 5;
    private static final BigDecimal PRICE = new BigDecimal("1.00");

    private final OrderBodyReader bodies;
    private final OrderCreator creator;
    private final TransactionTemplate tx;
    private final ObjectMapper json;
    private final OrderProperties properties;
    private final Clock clock;
    private final AtomicLong users = new AtomicLong(WarmUpCall.FIRST_USER);

    ConsumerWarmUp(OrderBodyReader bodies, OrderCreator creator, TransactionTemplate tx, ObjectMapper json,
                   OrderProperties properties, Clock clock) {
        this.bodies = bodies;
        this.creator = creator;
        this.tx = tx;
        this.json = json;
        this.properties = properties;
        this.clock = clock;
    }

    @Override
    public List<Runnable> work() {
        return List.of(() -> consumeOneBatch(NOBODYS_ACTIVITY));
    }

    /**
     * Two messages' orders for the activity, read and cut into transactions as the listener does, tried whole,
     * then rolled back. Messages of a few orders each, as the relay publishes them at the start of a sale (what
     * its linger gathers), and a transaction of ten: enough for the JIT to compile what each order runs before a
     * shopper needs it, few enough rows that a second instance warming up beside a sale does not take MariaDB from it.
     *
     * @return how many orders the batch made before the rollback: 0 for nobody's activity
     */
    int consumeOneBatch(long activityId) {
        List<Delivery> deliveries = new ArrayList<>(MESSAGES);
        for (int i = 0; i < MESSAGES; i++) {
            byte[] body = body(ORDERS_PER_MESSAGE, activityId);
            List<OrderMessage> messages = bodies.read(body);
            if (messages == null) {
                throw new IllegalStateException("The warm-up's order message was not readable");
            }
            deliveries.add(new Delivery(messages, new Message(body, new MessageProperties())));
        }
        int made = 0;
        for (List<Delivery> group : OrderBatches.transactions(deliveries, properties.batchSize())) {
            List<OrderMessage> orders = group.stream().flatMap(one -> one.messages().stream()).toList();
            made += tx.execute(status -> {
                status.setRollbackOnly();
                return creator.createAll(orders).map(List::size).orElse(0);
            });
        }
        return made;
    }

    private byte[] body(int orders, long activityId) {
        long first = users.getAndAdd(orders);
        long now = clock.millis();
        OrderMessage[] messages = LongStream.range(first, first + orders)
                .mapToObj(user -> new OrderMessage(UUID.randomUUID().toString(), user, activityId, 1, "warm-up", PRICE, now))
                .toArray(OrderMessage[]::new);
        try {
            return json.writeValueAsBytes(messages);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
