package com.seckill.order.consume;

import com.seckill.common.message.OrderMessage;
import com.seckill.order.infra.Redelivery;
import java.util.List;
import org.springframework.amqp.core.Message;

/** One delivered message and the order messages it carries. */
record Delivery(List<OrderMessage> messages, Message message) {

    long tag() {
        return message.getMessageProperties().getDeliveryTag();
    }

    int attempts() {
        return Redelivery.attempts(message);
    }
}
