package com.seckill.order.order;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.web.Headers;
import com.seckill.web.openapi.Answers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.constraints.Positive;
import java.util.List;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/** A shopper's own orders (another user's order id answers 404, as an unknown one does), and any order for an operator. */
@RestController
@Validated
class OrderController {

    private final Orders orders;

    OrderController(Orders orders) {
        this.orders = orders;
    }

    @Operation(summary = "My orders, newest first (at most 100)")
    @Answers({ErrorCode.UNAUTHENTICATED})
    @GetMapping("/api/orders")
    List<OrderView> mine(@Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId) {
        return orders.mine(userId);
    }

    @Operation(summary = "One of my orders")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_FOUND})
    @GetMapping("/api/orders/{orderId}")
    OrderView one(@PathVariable @Positive long orderId, @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId) {
        return orders.owned(orderId, userId);
    }

    @Operation(summary = "Any order, with its owner's id (ADMIN)")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND})
    @GetMapping("/api/admin/orders/{orderId}")
    AdminOrderView any(@PathVariable @Positive long orderId) {
        return orders.any(orderId);
    }
}
