package com.seckill.seckill.activity;

import java.time.Instant;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * When the catalog last read MySQL, and its reads one at a time: the schedule's, or one a request for an activity
 * not held asks for. A request never waits on a read under way, nor starts one right after MySQL did not answer.
 */
final class CatalogReads {

    private final ReentrantLock reading = new ReentrantLock();
    /** When the last read MySQL answered began (null: none yet), and when the last one it did not answer began. */
    private volatile Instant answeredAt;
    private volatile Instant failedAt;

    void onSchedule(BooleanSupplier read) {
        reading.lock();
        try {
            read.getAsBoolean();
        } finally {
            reading.unlock();
        }
    }

    void answered(Instant began) {
        answeredAt = began;
    }

    void failed(Instant began) {
        failedAt = began;
    }

    boolean everAnswered() {
        return answeredAt != null;
    }

    /**
     * Whether a read MySQL answered began at {@code since} or later, running {@code read} (true when MySQL answered)
     * once now to make it so when none did; false when that cannot be: a read is under way, the last one since
     * {@code since} failed, or this one did.
     */
    boolean readSince(Instant since, BooleanSupplier read) {
        if (answeredSince(since)) {
            return true;
        }
        Instant failed = failedAt;
        if (failed != null && !failed.isBefore(since) || !reading.tryLock()) {
            return false;
        }
        try {
            return answeredSince(since) || read.getAsBoolean();
        } finally {
            reading.unlock();
        }
    }

    private boolean answeredSince(Instant since) {
        Instant answered = answeredAt;
        return answered != null && !answered.isBefore(since);
    }
}
