package com.seckill.seckill.activity;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/**
 * The optional waiting room of a new activity (contract §11): {@code enabled} false or the object
 * absent is no waiting room, the direct path of contract §4.
 *
 * @param admissionPerSecond how fast the serving position advances (places per second)
 * @param opensBeforeSeconds how long before the start shoppers may join (they are drawn at the start)
 * @param admissionSeconds   how long an admitted shopper has to take a path and buy
 */
record WaitingRoomRequest(@NotNull Boolean enabled,
                          @Min(1) @Max(100_000) Integer admissionPerSecond,
                          @Min(0) @Max(86_400) Integer opensBeforeSeconds,
                          @Min(10) @Max(3_600) Integer admissionSeconds) {

    static final int DEFAULT_ADMISSION_PER_SECOND = 100;
    static final int DEFAULT_OPENS_BEFORE_SECONDS = 600;
    static final int DEFAULT_ADMISSION_SECONDS = 120;

    WaitingRoomSettings settings(String seed) {
        return new WaitingRoomSettings(
                admissionPerSecond == null ? DEFAULT_ADMISSION_PER_SECOND : admissionPerSecond,
                opensBeforeSeconds == null ? DEFAULT_OPENS_BEFORE_SECONDS : opensBeforeSeconds,
                admissionSeconds == null ? DEFAULT_ADMISSION_SECONDS : admissionSeconds, seed);
    }
}
