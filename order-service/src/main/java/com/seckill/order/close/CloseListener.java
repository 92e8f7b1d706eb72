package com.seckill.order.close;

import com.rabbitmq.client.Channel;
import com.seckill.common.message.Queues;
import com.seckill.order.OrderProperties;
import com.seckill.order.infra.Outages;
import com.seckill.order.infra.Redelivery;
import com.seckill.order.lifecycle.OrderLifecycle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

/**
 * Closes orders whose pay timer ran out; a message names one order or several, comma-separated
 * (see {@link CloseScheduler}). A paid or cancelled order is left as it is, so a message handled
 * twice, in part or whole, changes nothing more.
 */
@Component
class CloseListener {

    private static final Logger log = LoggerFactory.getLogger(CloseListener.class);

    private final OrderLifecycle lifecycle;
    private final OrderProperties properties;
    private final Redelivery redelivery;

    CloseListener(OrderLifecycle lifecycle, OrderProperties properties, Redelivery redelivery) {
        this.lifecycle = lifecycle;
        this.properties = properties;
        this.redelivery = redelivery;
    }

    @RabbitListener(queues = Queues.ORDER_CLOSE, containerFactory = "orderListenerFactory")
    void onTimeout(Message message, Channel channel) throws IOException {
        long tag = message.getMessageProperties().getDeliveryTag();
        List<Long> orderIds;
        try {
            orderIds = Arrays.stream(new String(message.getBody(), StandardCharsets.UTF_8).split(","))
                    .map(id -> Long.parseLong(id.strip()))
                    .toList();
        } catch (NumberFormatException e) {
            log.error("Unreadable close message dropped");
            channel.basicReject(tag, false);
            return;
        }
        for (long orderId : orderIds) {
            try {
                if (lifecycle.close(orderId)) {
                    log.debug("Order {} closed on timeout", orderId);
                }
            } catch (RuntimeException e) {
                if (!Outages.isOutage(e)) {
                    // not looped on: the sweeper closes what is still unpaid past its timeout
                    log.error("Close of order {} failed, left to the sweeper", orderId, e);
                    continue;
                }
                // MySQL or Redis unavailable: the whole message again after the back-off (closing twice changes nothing)
                log.warn("Close of orders {} failed, retried in {}: {}", orderIds, properties.retryBackoff(), e.toString());
                if (redelivery.later(Queues.ORDER_CLOSE_RETRY, message, 0)) {
                    channel.basicAck(tag, false);
                } else {
                    channel.basicNack(tag, false, true);
                }
                return;
            }
        }
        channel.basicAck(tag, false);
    }
}
