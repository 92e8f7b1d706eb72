package com.seckill.order.lifecycle;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.web.Headers;
import com.seckill.order.Refusals;
import com.seckill.order.order.OrderView;
import com.seckill.order.order.Orders;
import com.seckill.web.openapi.Answers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.constraints.Positive;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/** A shopper cancels a pending order of their own: its unit goes back on sale. */
@RestController
@Validated
class CancelController {

    private final Orders orders;
    private final OrderLifecycle lifecycle;

    CancelController(Orders orders, OrderLifecycle lifecycle) {
        this.orders = orders;
        this.lifecycle = lifecycle;
    }

    /** Pending becomes cancelled and the unit goes back to the sale; anything else is a conflict. */
    @Operation(summary = "Cancels my pending order: its unit goes back on sale")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_FOUND, ErrorCode.CONFLICT})
    @PostMapping("/api/orders/{orderId}/cancel")
    OrderView cancel(@PathVariable @Positive long orderId, @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId) {
        orders.owned(orderId, userId);
        if (!lifecycle.cancel(orderId, userId)) {
            throw new Refusals.NotPending();
        }
        return orders.owned(orderId, userId);
    }
}
