package com.seckill.seckill.queue;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/** {@code {"admissionPerSecond":N}} or {@code {"paused":true|false}} (or both). */
record QueueChange(@Min(1) @Max(100_000) Integer admissionPerSecond, Boolean paused) {

    @AssertTrue(message = "name admissionPerSecond, paused or both")
    boolean isAChange() {
        return admissionPerSecond != null || paused != null;
    }
}
