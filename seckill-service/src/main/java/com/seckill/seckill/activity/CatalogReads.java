package com.seckill.seckill.activity;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * When the catalog last read MySQL, and its reads one at a time: the schedule's, or one a request for an activity
 * not held asks for. A request waits on a read under way for at most {@link #WAIT_FOR_READ} (the schedule's read
 * takes milliseconds; one that takes longer means MySQL is slow, and the request is told to try again), and never
 * starts one right after MySQL did not answer.
 */
final class CatalogReads {

    /** How long a request waits on a read under way before it is told to try again. */
    static final Duration WAIT_FOR_READ = Duration.ofMillis(500);

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
     * once now to make it so when none did; false when that cannot be: a read under way did not end in time, the last
     * one since {@code since} failed, or this one did.
     */
    boolean readSince(Instant since, BooleanSupplier read) {
        if (answeredSince(since)) {
            return true;
        }
        if (failedSince(since) || !lockInTime()) {
            return false;
        }
        try {
            if (answeredSince(since)) {
                return true; // the read under way began since and answered
            }
            return !failedSince(since) && read.getAsBoolean();
        } finally {
            reading.unlock();
        }
    }

    private boolean lockInTime() {
        try {
            return reading.tryLock(WAIT_FOR_READ.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private boolean failedSince(Instant since) {
        Instant failed = failedAt;
        return failed != null && !failed.isBefore(since);
    }

    private boolean answeredSince(Instant since) {
        Instant answered = answeredAt;
        return answered != null && !answered.isBefore(since);
    }
}
