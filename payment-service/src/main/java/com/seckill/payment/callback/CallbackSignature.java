package com.seckill.payment.callback;

import com.seckill.payment.PaymentProperties;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.stereotype.Component;

/** HMAC-SHA256 over the raw callback body, hex-encoded in the {@value #HEADER} header. */
@Component
public class CallbackSignature {

    public static final String HEADER = "X-Signature";
    private static final String ALGORITHM = "HmacSHA256";

    private final SecretKeySpec key;

    CallbackSignature(PaymentProperties properties) {
        this.key = new SecretKeySpec(properties.callbackSecret().getBytes(StandardCharsets.UTF_8), ALGORITHM);
    }

    public String sign(byte[] body) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 unavailable", e);
        }
    }

    /** Constant-time comparison: the time taken says nothing about how much of a forgery matched. */
    boolean matches(byte[] body, String signature) {
        if (signature == null) {
            return false;
        }
        return MessageDigest.isEqual(sign(body).getBytes(StandardCharsets.US_ASCII),
                signature.strip().toLowerCase().getBytes(StandardCharsets.US_ASCII));
    }
}
