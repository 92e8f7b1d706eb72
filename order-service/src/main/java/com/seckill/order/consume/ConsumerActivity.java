package com.seckill.order.consume;

import com.seckill.common.ledger.ConsumerState;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * Whether this instance's order consumers are handling messages now, and since when they handle
 * none. A batch the container holds is handed to a consumer within {@code batch-wait}, so an
 * instance idle for longer than that holds no order message at all.
 */
@Component
public class ConsumerActivity {

    private final Clock clock;
    private final AtomicInteger busy = new AtomicInteger();
    private final AtomicLong lastActive;

    ConsumerActivity(Clock clock) {
        this.clock = clock;
        this.lastActive = new AtomicLong(clock.millis());
    }

    void begin() {
        busy.incrementAndGet();
        lastActive.set(clock.millis());
    }

    void end() {
        lastActive.set(clock.millis());
        busy.decrementAndGet();
    }

    public ConsumerState state() {
        boolean working = busy.get() > 0;
        return new ConsumerState(working, working ? 0 : Math.max(0, clock.millis() - lastActive.get()));
    }
}
