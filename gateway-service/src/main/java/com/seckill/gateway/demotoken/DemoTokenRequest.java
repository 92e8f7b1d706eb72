package com.seckill.gateway.demotoken;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

/** {@code {"userId":10001,"admin":false}}; {@code admin} may be left out. */
record DemoTokenRequest(@NotNull @Positive Long userId, boolean admin) {
}
