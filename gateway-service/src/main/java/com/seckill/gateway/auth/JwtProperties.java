package com.seckill.gateway.auth;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param secret                 HMAC key shared by issuer and verifier (env {@code SECKILL_GATEWAY_JWT_SECRET})
 * @param ttl                    lifetime of the tokens the gateway issues
 * @param allowDevelopmentSecret whether the development secret from the source tree may be used; only the
 *                               local profile sets it, so any other profile refuses to start with it
 */
@ConfigurationProperties("seckill.gateway.jwt")
public record JwtProperties(String secret, @DefaultValue("24h") Duration ttl, boolean allowDevelopmentSecret) {

    /** HS256 needs a key of at least 256 bits; a shorter one would be brute-forceable. */
    static final int MIN_SECRET_BYTES = 32;

    /** The local profile's default: public in the repository, so it proves nothing anywhere else. */
    public static final String DEVELOPMENT_SECRET = "local-dev-secret-change-me-0123456789abcdef";

    public JwtProperties {
        if (secret == null || secret.getBytes(StandardCharsets.UTF_8).length < MIN_SECRET_BYTES) {
            throw new IllegalArgumentException("seckill.gateway.jwt.secret (env SECKILL_GATEWAY_JWT_SECRET) must be set "
                    + "to at least " + MIN_SECRET_BYTES + " bytes");
        }
        if (secret.equals(DEVELOPMENT_SECRET) && !allowDevelopmentSecret) {
            throw new IllegalArgumentException("seckill.gateway.jwt.secret is the development default from the "
                    + "source tree: set SECKILL_GATEWAY_JWT_SECRET to a secret of your own");
        }
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("seckill.gateway.jwt.ttl must be positive");
        }
    }

    byte[] secretBytes() {
        return secret.getBytes(StandardCharsets.UTF_8);
    }
}
