package com.seckill.seckill.activity;

import com.seckill.common.validation.InstantWithin;
import com.seckill.common.validation.VisibleText;
import jakarta.validation.Valid;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * Admin input for a new activity; unknown JSON fields are rejected by the JSON mapper. A sale is set up
 * within a year ahead and may be recorded up to a month late (an activity that already ended is how a
 * test or a rehearsal looks at the ENDED answer); anything beyond is a typo, and year 1 or 10000 would
 * not even fit MySQL's DATETIME.
 */
record CreateActivityRequest(
        @NotNull @Positive Long goodsId,
        @NotBlank @VisibleText @Size(max = 128) String goodsName,
        @NotNull @DecimalMin(value = "0.01") @DecimalMax("99999999.99") @Digits(integer = 8, fraction = 2) BigDecimal price,
        @NotNull @Positive @Max(1_000_000) Integer stock,
        @NotNull @InstantWithin(pastDays = PAST_DAYS, futureDays = FUTURE_DAYS) OffsetDateTime startTime,
        @NotNull @InstantWithin(pastDays = PAST_DAYS, futureDays = FUTURE_DAYS) OffsetDateTime endTime,
        Boolean captchaRequired,
        @Min(1) @Max(MAX_BUCKETS) Integer buckets,
        @Valid WaitingRoomRequest waitingRoom) {

    /** Each bucket more is one more Redis call for a shopper whose bucket ran dry (design.md "Stock buckets"). */
    static final int MAX_BUCKETS = 16;

    static final long PAST_DAYS = 31;
    static final long FUTURE_DAYS = 366;

    boolean hasWaitingRoom() {
        return waitingRoom != null && Boolean.TRUE.equals(waitingRoom.enabled());
    }

    /**
     * A waiting room admits a few hundred shoppers a second, which one Redis master serves many times over:
     * its queue and the units it admits to stay under one hash tag.
     */
    @AssertTrue(message = "an activity with a waiting room is sold from one bucket")
    boolean isOneBucketWithWaitingRoom() {
        return buckets == null || buckets == 1 || !hasWaitingRoom();
    }

    @AssertTrue(message = "endTime must be after startTime")
    boolean isTimeRangeValid() {
        return startTime == null || endTime == null || endTime.isAfter(startTime);
    }
}
