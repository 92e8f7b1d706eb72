package com.seckill.payment.callback;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;

/**
 * What the provider tells us, signed. {@code timestamp} is epoch seconds; {@code status} is
 * SUCCESS when the shopper paid, REFUNDED when the provider gave the money of refund {@code refundNo} back
 * ({@code amount} is then the refund's).
 */
public record ProviderCallback(@NotBlank @Size(max = 32) String tradeNo, @NotNull @Positive Long orderId,
                               @NotNull @Positive BigDecimal amount, @NotBlank @Size(max = 16) String status,
                               @NotNull @Min(0) @Max(MAX_TIMESTAMP) Long timestamp, @Size(max = 32) String refundNo) {

    public static final String SUCCESS = "SUCCESS";
    public static final String REFUNDED = "REFUNDED";

    /** A payment's callback (no refund number). */
    public static ProviderCallback paid(String tradeNo, long orderId, BigDecimal amount, long timestamp) {
        return new ProviderCallback(tradeNo, orderId, amount, SUCCESS, timestamp, null);
    }
    /** 9999-12-31T23:59:59Z: a timestamp beyond is not a time at all (and Instant arithmetic would overflow). */
    public static final long MAX_TIMESTAMP = 253_402_300_799L;
}
