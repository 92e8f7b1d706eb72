package com.seckill.order.consume;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.message.OrderMessage;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The order messages of a message body: one object, or a JSON array of them (the relay publishes
 * what a burst accepted together as one message). A body that cannot be read whole, or holds an
 * impossible order, is poison: nothing of it is applied.
 */
@Component
class OrderBodyReader {

    private final ObjectMapper json;

    OrderBodyReader(ObjectMapper json) {
        this.json = json;
    }

    /** The body's order messages, or null when it is poison. */
    List<OrderMessage> read(byte[] body) {
        try {
            List<OrderMessage> messages = isArray(body)
                    ? Arrays.asList(json.readValue(body, OrderMessage[].class))
                    : List.of(json.readValue(body, OrderMessage.class));
            return !messages.isEmpty() && messages.stream().allMatch(OrderBodyReader::valid) ? messages : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static boolean isArray(byte[] body) {
        for (byte b : body) {
            if (!Character.isWhitespace(b)) {
                return b == '[';
            }
        }
        return false;
    }

    private static boolean valid(OrderMessage message) {
        return message != null && message.requestId() != null && !message.requestId().isBlank()
                && message.requestId().length() <= 64 && message.userId() > 0 && message.activityId() > 0
                && message.goodsId() > 0 && message.goodsName() != null && message.price() != null
                && message.price().signum() >= 0;
    }
}
