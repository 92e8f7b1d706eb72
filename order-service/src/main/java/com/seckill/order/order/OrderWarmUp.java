package com.seckill.order.order;

import com.seckill.web.warmup.WarmUpCall;
import com.seckill.web.warmup.WarmUpPlan;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What order-service warms before it is ready: a shopper's orders and one order asked for, as the page polls
 * them, for a warm-up user who has none (reads only). Its consumer is warmed in process ({@code ConsumerWarmUp}).
 */
@Component
class OrderWarmUp implements WarmUpPlan {

    @Override
    public List<WarmUpCall> calls() {
        return List.of(WarmUpCall.asUser("GET", "/api/orders", WarmUpCall.FIRST_USER),
                WarmUpCall.asUser("GET", "/api/orders/1", WarmUpCall.FIRST_USER));
    }
}
