package com.seckill.order.order;

import com.seckill.order.OrderProperties;
import com.seckill.order.Refusals;
import java.time.Duration;
import java.util.List;
import org.springframework.stereotype.Service;

/** A shopper's orders as the shopper sees them; another user's order is as unknown as a missing one. */
@Service
public class Orders {

    private static final int MY_ORDERS_LIMIT = 100;

    private final OrderMapper orders;
    private final Duration payTimeout;

    Orders(OrderMapper orders, OrderProperties properties) {
        this.orders = orders;
        this.payTimeout = properties.payTimeout();
    }

    /** Newest first, at most 100. */
    public List<OrderView> mine(long userId) {
        return orders.findByUser(userId, MY_ORDERS_LIMIT).stream().map(order -> OrderView.of(order, payTimeout)).toList();
    }

    /** The user's own order; 404 NOT_FOUND when there is none by that id or it is someone else's. */
    public OrderView owned(long orderId, long userId) {
        Order order = orders.findOwned(orderId, userId);
        if (order == null) {
            throw new Refusals.UnknownOrder(orderId);
        }
        return OrderView.of(order, payTimeout);
    }

    /** Any user's order, for an operator: with whose it is. */
    public AdminOrderView any(long orderId) {
        Order order = orders.findById(orderId);
        if (order == null) {
            throw new Refusals.UnknownOrder(orderId);
        }
        return new AdminOrderView(order.userId(), OrderView.of(order, payTimeout));
    }
}
