package com.seckill.seckill.activity;

import com.seckill.common.message.Queues;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.stereotype.Component;

/**
 * Units are on sale again (a top-up, a unit given back): every seckill-service instance, this one included,
 * drops its sold-out flag of the activity (the stock-returned fanout, contract §7). An instance that misses
 * it drops the flag at its next catalog refresh, so only speed is lost when the broker is away.
 */
@Component
public class StockAnnouncement {

    private static final Logger log = LoggerFactory.getLogger(StockAnnouncement.class);

    private final RabbitTemplate rabbit;

    StockAnnouncement(RabbitTemplate rabbit) {
        this.rabbit = rabbit;
    }

    public void onSaleAgain(long activityId) {
        try {
            rabbit.convertAndSend(Queues.STOCK_RETURNED_EXCHANGE, "", String.valueOf(activityId), message -> {
                message.getMessageProperties().setContentType(MessageProperties.CONTENT_TYPE_TEXT_PLAIN);
                message.getMessageProperties().setDeliveryMode(MessageDeliveryMode.NON_PERSISTENT);
                return message;
            });
        } catch (RuntimeException e) {
            log.debug("Stock of activity {} announced only by the catalog: {}", activityId, e.toString());
        }
    }
}
