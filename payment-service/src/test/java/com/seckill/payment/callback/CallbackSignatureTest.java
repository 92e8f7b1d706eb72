package com.seckill.payment.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.seckill.payment.PaymentProperties;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CallbackSignatureTest {

    private static final String SECRET = "0123456789abcdef0123456789abcdef";
    private static final byte[] BODY = "{\"tradeNo\":\"T1\"}".getBytes(StandardCharsets.UTF_8);

    private final CallbackSignature signature = new CallbackSignature(
            new PaymentProperties(SECRET, false, Duration.ofMinutes(5), Duration.ofSeconds(2), Duration.ofDays(7), new PaymentProperties.Sandbox(false, null)));

    @Test
    void signsWithHmacSha256InHex() {
        // reference value computed independently (Python hmac)
        assertThat(signature.sign(BODY)).isEqualTo("2a07b3b333f1372e83da56df1a2ad6b87b337789648877e5caa48e5ebbbdb706");
    }

    @Test
    void acceptsItsOwnSignatureInAnyCaseAndNothingElse() {
        String signed = signature.sign(BODY);
        assertThat(signature.matches(BODY, signed)).isTrue();
        assertThat(signature.matches(BODY, signed.toUpperCase())).isTrue();
        assertThat(signature.matches(BODY, null)).isFalse();
        assertThat(signature.matches(BODY, "")).isFalse();
        assertThat(signature.matches(BODY, signed.substring(1) + "0")).isFalse();
        assertThat(signature.matches("{\"tradeNo\":\"T2\"}".getBytes(StandardCharsets.UTF_8), signed)).isFalse();
    }

    @Test
    void refusesToStartWithoutAStrongSecret() {
        assertThatThrownBy(() -> new PaymentProperties("short", true, Duration.ofMinutes(5), Duration.ofSeconds(2), Duration.ofDays(7), null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("callback-secret");
        assertThatThrownBy(() -> new PaymentProperties(null, true, Duration.ofMinutes(5), Duration.ofSeconds(2), Duration.ofDays(7), null))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theDevelopmentSecretIsRefusedOutsideTheDevProfile() {
        assertThatThrownBy(() -> new PaymentProperties(PaymentProperties.DEVELOPMENT_SECRET, false, Duration.ofMinutes(5),
                Duration.ofSeconds(2), Duration.ofDays(7), null)).hasMessageContaining("development default");
    }
}
