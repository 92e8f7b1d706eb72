package com.seckill.payment;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Tunables of payment-service ({@code seckill.payment.*}).
 *
 * @param callbackSecret     HMAC-SHA256 key shared with the payment provider (no default outside local)
 * @param timestampTolerance how far a callback's timestamp may be from now (replay window)
 * @param settleInterval     how often payments not yet applied to their order are retried
 * @param sandbox            the built-in sandbox provider
 */
@ConfigurationProperties("seckill.payment")
public record PaymentProperties(
        String callbackSecret,
        @DefaultValue("5m") Duration timestampTolerance,
        @DefaultValue("2s") Duration settleInterval,
        @DefaultValue Sandbox sandbox) {

    public PaymentProperties {
        if (callbackSecret == null || callbackSecret.length() < 32) {
            throw new IllegalStateException("seckill.payment.callback-secret (SECKILL_PAYMENT_CALLBACKSECRET) "
                    + "must be set to at least 32 characters");
        }
    }

    /**
     * @param enabled     whether {@code POST /api/payments/{tradeNo}/simulate} exists
     * @param callbackUrl where the sandbox provider posts its callbacks (normally the gateway)
     */
    public record Sandbox(@DefaultValue("false") boolean enabled,
                          @DefaultValue("http://127.0.0.1:8080/api/payments/callback") URI callbackUrl) {
    }
}
