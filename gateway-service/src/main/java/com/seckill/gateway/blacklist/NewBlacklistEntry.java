package com.seckill.gateway.blacklist;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.time.Instant;

/** {@code {"userId"?, "ip"?, "reason", "expiresAt"?}}: at least one of user and address. */
record NewBlacklistEntry(@Positive Long userId,
                         @Size(max = 45) String ip,
                         @NotBlank @Size(max = 200) String reason,
                         Instant expiresAt) {

    @AssertTrue(message = "name a userId, an ip or both")
    boolean isUserOrIp() {
        return userId != null || ip != null;
    }
}
