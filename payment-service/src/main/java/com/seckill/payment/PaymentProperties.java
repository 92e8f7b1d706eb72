package com.seckill.payment;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Tunables of payment-service ({@code seckill.payment.*}).
 *
 * @param callbackSecret     HMAC-SHA256 key shared with the payment provider (no default outside local)
 * @param allowDevelopmentSecret only the dev profile sets it: anywhere else the key from the source tree is refused
 * @param timestampTolerance how far a callback's timestamp may be from now (replay window)
 * @param settleInterval     how often payments (and refunds) not yet applied to their order are retried
 * @param refundWindow       how long after paying the owner may have an order refunded (an operator always may)
 * @param sandbox            the built-in sandbox provider
 */
@ConfigurationProperties("seckill.payment")
public record PaymentProperties(
        String callbackSecret,
        boolean allowDevelopmentSecret,
        @DefaultValue("5m") Duration timestampTolerance,
        @DefaultValue("2s") Duration settleInterval,
        @DefaultValue("7d") Duration refundWindow,
        @DefaultValue Sandbox sandbox) {

    /** The dev profile's key: public in the repository, so it proves nothing anywhere else. */
    public static final String DEVELOPMENT_SECRET = "local-development-callback-secret-0123456789";
    /** These settings' bean, for the schedule that runs by them: the interval is declared here only. */
    private static final String BEAN = "@'seckill.payment-com.seckill.payment.PaymentProperties'";
    public static final String SETTLE_INTERVAL = "#{" + BEAN + ".settleInterval()}";

    public PaymentProperties {
        if (callbackSecret == null || callbackSecret.length() < 32) {
            throw new IllegalStateException("seckill.payment.callback-secret (SECKILL_PAYMENT_CALLBACKSECRET) "
                    + "must be set to at least 32 characters");
        }
        if (callbackSecret.equals(DEVELOPMENT_SECRET) && !allowDevelopmentSecret) {
            throw new IllegalStateException("seckill.payment.callback-secret is the development default from the "
                    + "source tree: set SECKILL_PAYMENT_CALLBACKSECRET to a secret of your own");
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
