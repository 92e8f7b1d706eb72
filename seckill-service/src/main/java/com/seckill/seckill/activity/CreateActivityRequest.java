package com.seckill.seckill.activity;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.time.OffsetDateTime;

/** Admin input for a new activity; unknown JSON fields are rejected by the JSON mapper. */
record CreateActivityRequest(
        @NotNull @Positive Long goodsId,
        @NotBlank @Size(max = 128) String goodsName,
        @NotNull @DecimalMin(value = "0.01") @DecimalMax("99999999.99") @Digits(integer = 8, fraction = 2) BigDecimal price,
        @NotNull @Positive @Max(1_000_000) Integer stock,
        @NotNull OffsetDateTime startTime,
        @NotNull OffsetDateTime endTime,
        Boolean captchaRequired) {

    @AssertTrue(message = "endTime must be after startTime")
    boolean isTimeRangeValid() {
        return startTime == null || endTime == null || endTime.isAfter(startTime);
    }
}
