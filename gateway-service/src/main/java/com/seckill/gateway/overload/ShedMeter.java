package com.seckill.gateway.overload;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * {@code seckill_gateway_shed_total{reason,tier}}: requests the gateway answered without the work they
 * asked for, by why. {@code concurrency}: the service had all it finishes in time; {@code upstream}: the
 * service answered 503 or could not be reached in time; {@code sold_out}: the sale was seen sold out a
 * moment ago and the gateway said so itself.
 */
final class ShedMeter {

    static final String CONCURRENCY = "concurrency";
    static final String UPSTREAM = "upstream";
    static final String SOLD_OUT = "sold_out";

    private ShedMeter() {
    }

    static Counter counter(MeterRegistry meters, String reason, String tier) {
        return Counter.builder("seckill.gateway.shed").description("Requests answered without the work they asked for, by reason")
                .tag("reason", reason).tag("tier", tier).register(meters);
    }
}
