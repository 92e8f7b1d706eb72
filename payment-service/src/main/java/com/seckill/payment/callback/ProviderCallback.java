package com.seckill.payment.callback;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;

/**
 * What the provider tells us, signed. {@code timestamp} is epoch seconds; {@code status} is
 * SUCCESS when the shopper paid.
 */
public record ProviderCallback(@NotBlank @Size(max = 32) String tradeNo, @NotNull @Positive Long orderId,
                               @NotNull @Positive BigDecimal amount, @NotBlank @Size(max = 16) String status,
                               @NotNull Long timestamp) {

    public static final String SUCCESS = "SUCCESS";
}
