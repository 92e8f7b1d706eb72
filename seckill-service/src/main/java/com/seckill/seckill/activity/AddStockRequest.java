package com.seckill.seckill.activity;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

/** {@code POST /api/admin/activities/{id}/stock}: units added to a sale that has not ended. */
record AddStockRequest(@NotNull @Positive @Max(MAX_TOTAL) Integer add) {

    /** The most units an activity holds, top-ups included (as many as it may be created with). */
    static final int MAX_TOTAL = 1_000_000;
}
