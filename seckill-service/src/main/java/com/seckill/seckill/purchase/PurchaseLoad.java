package com.seckill.seckill.purchase;

import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.stereotype.Component;

/** Purchases this instance is working on right now: the waiting room admits nobody while there are too many. */
@Component
public class PurchaseLoad {

    private final AtomicInteger inFlight = new AtomicInteger();

    void started() {
        inFlight.incrementAndGet();
    }

    void finished() {
        inFlight.decrementAndGet();
    }

    public int inFlight() {
        return inFlight.get();
    }
}
