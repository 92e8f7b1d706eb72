package com.seckill.order.order;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.SeckillException;
import com.seckill.common.web.Headers;
import com.seckill.order.OrderProperties;
import com.seckill.order.lifecycle.OrderLifecycle;
import com.seckill.web.openapi.Answers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.List;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/** A shopper's own orders; another user's order id answers 404, as an unknown one does. */
@RestController
@Validated
class OrderController {

    private static final int MY_ORDERS_LIMIT = 100;

    private final OrderMapper orders;
    private final OrderLifecycle lifecycle;
    private final Duration payTimeout;

    OrderController(OrderMapper orders, OrderLifecycle lifecycle, OrderProperties properties) {
        this.orders = orders;
        this.lifecycle = lifecycle;
        this.payTimeout = properties.payTimeout();
    }

    @Operation(summary = "My orders, newest first (at most 100)")
    @Answers({ErrorCode.UNAUTHENTICATED})
    @GetMapping("/api/orders")
    List<OrderView> mine(@Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId) {
        return orders.findByUser(userId, MY_ORDERS_LIMIT).stream().map(order -> OrderView.of(order, payTimeout)).toList();
    }

    @Operation(summary = "One of my orders")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_FOUND})
    @GetMapping("/api/orders/{orderId}")
    OrderView one(@PathVariable @Positive long orderId, @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId) {
        return OrderView.of(owned(orderId, userId), payTimeout);
    }

    /** Pending becomes cancelled and the unit goes back to the sale; anything else is a conflict. */
    @Operation(summary = "Cancels my pending order: its unit goes back on sale")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_FOUND, ErrorCode.CONFLICT})
    @PostMapping("/api/orders/{orderId}/cancel")
    OrderView cancel(@PathVariable @Positive long orderId, @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId) {
        owned(orderId, userId);
        if (!lifecycle.cancel(orderId, userId)) {
            throw new SeckillException(ErrorCode.CONFLICT, "Only a pending order can be cancelled");
        }
        return OrderView.of(owned(orderId, userId), payTimeout);
    }

    private Order owned(long orderId, long userId) {
        Order order = orders.findOwned(orderId, userId);
        if (order == null) {
            throw new SeckillException(ErrorCode.NOT_FOUND, "No order " + orderId);
        }
        return order;
    }
}
