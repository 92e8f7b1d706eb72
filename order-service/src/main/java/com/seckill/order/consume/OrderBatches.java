package com.seckill.order.consume;

import java.util.ArrayList;
import java.util.List;

/** How a delivered batch is cut into the transactions the consumer tries whole. */
final class OrderBatches {

    private OrderBatches() {
    }

    /**
     * Splits a batch into the messages whose orders go into one transaction: at most
     * {@code maxOrders} orders each (a message may carry many), whole messages, in delivery order;
     * a message carrying more than {@code maxOrders} is a transaction of its own.
     */
    static List<List<Delivery>> transactions(List<Delivery> deliveries, int maxOrders) {
        List<List<Delivery>> transactions = new ArrayList<>();
        List<Delivery> current = new ArrayList<>();
        int orders = 0;
        for (Delivery delivery : deliveries) {
            if (!current.isEmpty() && orders + delivery.messages().size() > maxOrders) {
                transactions.add(current);
                current = new ArrayList<>();
                orders = 0;
            }
            current.add(delivery);
            orders += delivery.messages().size();
        }
        if (!current.isEmpty()) {
            transactions.add(current);
        }
        return transactions;
    }
}
