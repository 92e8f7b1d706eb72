package com.seckill.gateway.blacklist;

import com.seckill.common.validation.InstantWithin;
import com.seckill.common.validation.VisibleText;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.time.Instant;

/** {@code {"userId"?, "ip"?, "reason", "expiresAt"?}}: at least one of user and address. */
record NewBlacklistEntry(@Positive Long userId,
                         @Size(max = 45) String ip,
                         @NotBlank @VisibleText @Size(max = 200) String reason,
                         @InstantWithin(pastDays = 0, futureDays = MAX_DAYS) Instant expiresAt) {

    /** A block for longer than ten years is a block for good: leave expiresAt out. */
    static final long MAX_DAYS = 3653;

    @AssertTrue(message = "name a userId, an ip or both")
    boolean isUserOrIp() {
        return userId != null || ip != null;
    }
}
