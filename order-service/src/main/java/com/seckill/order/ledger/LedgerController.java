package com.seckill.order.ledger;

import com.seckill.common.ledger.ConsumerState;
import com.seckill.common.ledger.OrderServiceApi;
import com.seckill.common.ledger.OrderSnapshot;
import com.seckill.common.ledger.RequestOutcome;
import com.seckill.common.trust.Scopes;
import com.seckill.order.Refusals;
import com.seckill.web.trust.ServiceOnly;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import java.util.List;
import java.util.Map;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** order-service's read API for the other services (see {@link OrderServiceApi}); never routed by the gateway. */
@RestController
@Validated
@ServiceOnly(Scopes.ORDERS_READ)
class LedgerController {

    private final OrderLedger ledger;

    LedgerController(OrderLedger ledger) {
        this.ledger = ledger;
    }

    @GetMapping(OrderServiceApi.ORDER)
    OrderSnapshot order(@PathVariable @Positive long orderId) {
        return ledger.order(orderId).orElseThrow(() -> new Refusals.UnknownOrder(orderId));
    }

    @GetMapping(OrderServiceApi.HOLDERS)
    List<Long> holders(@PathVariable @Positive long activityId) {
        return ledger.holders(activityId);
    }

    @GetMapping(OrderServiceApi.ORDER_COUNTS)
    Map<String, Long> orderCounts(@PathVariable @Positive long activityId) {
        return ledger.orderCounts(activityId);
    }

    @GetMapping(OrderServiceApi.REQUEST)
    RequestOutcome request(@PathVariable @Pattern(regexp = "[0-9a-fA-F-]{36}") String requestId) {
        return ledger.request(requestId).orElseThrow(() -> new Refusals.NotSettledYet());
    }

    @GetMapping(OrderServiceApi.CONSUMER)
    ConsumerState consumer() {
        return ledger.consumer();
    }
}
