package com.seckill.order.close;

import com.seckill.order.OrderProperties;
import com.seckill.order.lifecycle.OrderLifecycle;
import com.seckill.order.order.OrderMapper;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.TimeUnit;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The safety net under the delay queue: closes unpaid orders older than the pay timeout plus a
 * grace period (their close message was lost), and finishes stock returns that were interrupted.
 * One instance at a time, under a Redisson lock; both queries use an index.
 */
@Component
public class UnpaidOrderSweeper {

    private static final Logger log = LoggerFactory.getLogger(UnpaidOrderSweeper.class);
    private static final int BATCH = 500;

    private final OrderMapper orders;
    private final OrderLifecycle lifecycle;
    /** order-service's own Redis key (the {@code seckill:*} keys are seckill-service's): one sweeper at a time. */
    static final String LOCK = "order-service:lock:unpaid-order-sweeper";

    private final RedissonClient redisson;
    private final OrderProperties properties;
    private final Clock clock;
    private final AtomicLong lastRound = new AtomicLong();

    UnpaidOrderSweeper(OrderMapper orders, OrderLifecycle lifecycle, RedissonClient redisson,
                       OrderProperties properties, Clock clock, MeterRegistry meters) {
        Gauge.builder("seckill.job.last.success", lastRound, AtomicLong::get).tag("job", "unpaid-order-sweep")
                .description("When the job last completed (epoch seconds)").register(meters);
        this.orders = orders;
        this.lifecycle = lifecycle;
        this.redisson = redisson;
        this.properties = properties;
        this.clock = clock;
    }

    @Scheduled(fixedDelayString = OrderProperties.SWEEP_INTERVAL, initialDelayString = OrderProperties.SWEEP_INTERVAL)
    void scheduledSweep() {
        try {
            sweep();
            lastRound.set(clock.instant().getEpochSecond());
        } catch (RuntimeException e) {
            log.warn("Unpaid-order sweep failed, next round will retry: {}", e.toString());
        }
    }

    /** Returns how many orders this round closed. */
    public int sweep() {
        RLock lock = redisson.getLock(LOCK);
        if (!lock.tryLock()) {
            return 0;
        }
        try {
            Instant now = clock.instant();
            int closed = 0;
            // one order that fails (a lock wait, Redis away for a moment) holds up none of the others
            for (long orderId : orders.findUnpaidCreatedBefore(now.minus(properties.payTimeout()).minus(properties.sweepGrace()), BATCH)) {
                try {
                    if (lifecycle.close(orderId)) {
                        closed++;
                    }
                } catch (RuntimeException e) {
                    log.warn("Order {} not closed this round: {}", orderId, e.toString());
                }
            }
            for (long orderId : orders.findEndedWithoutReturnBefore(now.minus(properties.sweepGrace()), BATCH)) {
                try {
                    lifecycle.returnToSale(orders.findById(orderId));
                } catch (RuntimeException e) {
                    log.warn("Unit of order {} not handed back to the sale this round: {}", orderId, e.toString());
                }
            }
            if (closed > 0) {
                log.info("Sweeper closed {} unpaid order(s) whose close message never came", closed);
            }
            return closed;
        } finally {
            lock.unlock();
        }
    }
}
