package com.seckill.web.trust;

/**
 * A secret of a service besides the internal-token one, and whether the development value from the
 * source tree is the one in force: declared as a bean, it is reported to {@code ./seckill doctor}
 * ({@code /actuator/info}, "developmentSecrets"), which fails it outside the local profile.
 */
public record DevelopmentSecret(String name, boolean inUse) {
}
