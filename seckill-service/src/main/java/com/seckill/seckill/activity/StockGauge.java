package com.seckill.seckill.activity;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;

/** Redis and MySQL stock of every live activity, side by side ({@code seckill_stock{activity, source}}), as the catalog read them. */
@Component
class StockGauge {

    private final MultiGauge stock;
    private final Clock clock;

    StockGauge(MeterRegistry meters, Clock clock) {
        this.stock = MultiGauge.builder("seckill.stock").description("Units left per live activity, in Redis and in MySQL")
                .register(meters);
        this.clock = clock;
    }

    /** {@code values}: each activity's units left in Redis, in the order of {@code current} (null where unknown). */
    void publish(List<Activity> current, List<String> values) {
        Instant now = clock.instant();
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        for (int i = 0; i < current.size(); i++) {
            Activity activity = current.get(i);
            if (activity.endedAt(now)) {
                continue;
            }
            Tags tags = Tags.of("activity", Long.toString(activity.id()));
            rows.add(MultiGauge.Row.of(tags.and("source", "db"), activity.stock()));
            String value = values == null ? null : values.get(i);
            if (value != null) {
                rows.add(MultiGauge.Row.of(tags.and("source", "redis"), Integer.parseInt(value)));
            }
        }
        stock.register(rows, true);
    }
}
