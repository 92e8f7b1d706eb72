package com.seckill.seckill.purchase;

import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

/**
 * A unit given back by a closed or cancelled order reopens the sale on every instance at once:
 * each instance has its own short-lived queue bound to the stock-returned fanout.
 */
@Component
class StockReturnedListener {

    private static final Logger log = LoggerFactory.getLogger(StockReturnedListener.class);

    private final SaleGuard guard;

    StockReturnedListener(SaleGuard guard) {
        this.guard = guard;
    }

    @RabbitListener(queues = "#{stockReturnedQueue.name}")
    void onStockReturned(Message message) {
        try {
            guard.clearSoldOut(Long.parseLong(new String(message.getBody(), StandardCharsets.UTF_8).strip()));
        } catch (NumberFormatException e) {
            log.warn("Unreadable stock-returned announcement ignored");
        }
    }
}
