package com.seckill.seckill.purchase;

import com.seckill.common.message.Queues;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.AnonymousQueue;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.core.FanoutExchange;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Each instance listens on its own short-lived queue bound to the stock-returned fanout, so a
 * unit given back by a closed or cancelled order reopens the sale on every instance at once.
 */
@Configuration(proxyBeanMethods = false)
class StockReturnedListener {

    private static final Logger log = LoggerFactory.getLogger(StockReturnedListener.class);

    private final SaleGuard guard;

    StockReturnedListener(SaleGuard guard) {
        this.guard = guard;
    }

    @Bean
    AnonymousQueue stockReturnedQueue() {
        return new AnonymousQueue();
    }

    @Bean
    Declarables stockReturnedBinding(AnonymousQueue stockReturnedQueue) {
        FanoutExchange exchange = new FanoutExchange(Queues.STOCK_RETURNED_EXCHANGE, true, false);
        return new Declarables(exchange, BindingBuilder.bind(stockReturnedQueue).to(exchange));
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
