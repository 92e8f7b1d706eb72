package com.seckill.web.trust;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code seckill.trust.*}.
 *
 * @param secret                 the platform's internal signing key (env {@code SECKILL_TRUST_SECRET}), see {@code InternalTokens}
 * @param allowDevelopmentSecret only the local profile sets it: anywhere else the key from the source tree is refused
 * @param scopes                 what this service asks for when it calls another ({@code Scopes})
 */
@ConfigurationProperties("seckill.trust")
public record TrustProperties(String secret, boolean allowDevelopmentSecret, @DefaultValue List<String> scopes) {
}
