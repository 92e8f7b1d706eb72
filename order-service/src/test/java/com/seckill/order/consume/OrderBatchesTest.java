package com.seckill.order.consume;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.message.OrderMessage;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;

class OrderBatchesTest {

    private long nextTag = 1;

    private Delivery carrying(int orders) {
        List<OrderMessage> messages = IntStream.range(0, orders)
                .mapToObj(i -> new OrderMessage("r" + nextTag + "-" + i, 1 + i, 7, 77, "phone", BigDecimal.ONE, 0))
                .toList();
        MessageProperties delivered = new MessageProperties();
        delivered.setDeliveryTag(nextTag++);
        return new Delivery(messages, new Message(new byte[0], delivered));
    }

    private static List<Integer> sizes(List<List<Delivery>> transactions) {
        return transactions.stream()
                .map(group -> group.stream().mapToInt(delivery -> delivery.messages().size()).sum())
                .toList();
    }

    @Test
    void singleOrderMessagesFillTransactionsOfTheBatchSize() {
        List<Delivery> deliveries = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            deliveries.add(carrying(1));
        }

        assertThat(sizes(OrderBatches.transactions(deliveries, 50))).containsExactly(50, 50, 20);
    }

    @Test
    void messagesCarryingManyOrdersAreNeverSplitNorPiledBeyondTheBatchSize() {
        List<Delivery> deliveries = List.of(carrying(30), carrying(30), carrying(10), carrying(80), carrying(5));

        List<List<Delivery>> transactions = OrderBatches.transactions(deliveries, 50);

        assertThat(sizes(transactions)).containsExactly(30, 40, 80, 5);
        assertThat(transactions.stream().flatMap(List::stream).map(Delivery::tag).toList())
                .as("every message once, in delivery order")
                .containsExactlyElementsOf(deliveries.stream().map(Delivery::tag).toList());
    }

    @Test
    void nothingDeliveredIsNoTransaction() {
        assertThat(OrderBatches.transactions(List.of(), 50)).isEmpty();
    }
}
