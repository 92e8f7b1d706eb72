package com.seckill.order.consume;

import com.seckill.order.OrderProperties;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/**
 * The order consumer's settings as this instance runs them, in {@code /actuator/info} ("orderConsumer"): what a
 * benchmark or an operator reports beside its figures, asked of the running service instead of read from its
 * configuration files.
 */
@Component
class ConsumerFacts implements InfoContributor {

    private final OrderProperties properties;

    ConsumerFacts(OrderProperties properties) {
        this.properties = properties;
    }

    @Override
    public void contribute(Info.Builder builder) {
        Map<String, Object> consumer = new LinkedHashMap<>();
        consumer.put("concurrency", properties.concurrency());
        consumer.put("prefetch", properties.prefetch());
        consumer.put("batchSize", properties.batchSize());
        consumer.put("batchWait", properties.batchWait().toMillis() + "ms");
        builder.withDetail("orderConsumer", consumer);
    }
}
