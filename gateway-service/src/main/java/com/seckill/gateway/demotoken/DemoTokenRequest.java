package com.seckill.gateway.demotoken;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

/** {@code {"userId":10001,"admin":false}}; {@code admin} may be left out (a shopper). */
record DemoTokenRequest(@NotNull @Positive Long userId, Boolean admin) {

    boolean wantsAdmin() {
        return Boolean.TRUE.equals(admin);
    }
}
