package com.seckill.common.trust;

import com.nimbusds.jose.util.Base64URL;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Date;

/**
 * The one-time purchase path (contract §4-5): random, and signed with the platform's key for one
 * user, one activity and an expiry. seckill-service issues it and keeps it in
 * {@code seckill:{aid}:path:{uid}}; the gateway refuses a path that does not verify without a Redis
 * call or a downstream request; seckill-service verifies it again and consumes it in the purchase
 * script, so a purchase is accepted only on a path it issued and only once, whatever reached it.
 * <p>
 * A path is a compact HS256 JWT (Nimbus, {@link ShopperJwts}): audience {@code seckill-path}, the user as
 * subject, the activity ({@code act}), the expiry ({@code exp}) and a random {@code jti}; three URL-safe
 * base64 parts joined by dots, one path segment.
 */
public final class PurchasePaths {

    /** Longer than any path issued. */
    public static final int MAX_LENGTH = ShopperJwts.MAX_LENGTH;
    private static final int NONCE_BYTES = 8;

    private final ShopperJwts jwts;
    private final SecureRandom random = new SecureRandom();

    public PurchasePaths(InternalTokens key) {
        this.jwts = new ShopperJwts(key, "seckill-path");
    }

    public String issue(long activityId, long userId, Instant expiresAt) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        return jwts.sign(activityId, userId, claims -> claims.expirationTime(Date.from(expiresAt)).jwtID(Base64URL.encode(nonce).toString()));
    }

    /** Whether {@code path} was issued for this user and activity and has not expired; says nothing of its use. */
    public boolean verify(String path, long activityId, long userId, Instant now) {
        return path != null && path.length() <= MAX_LENGTH && CompactJws.isOneSpelling(path)
                && jwts.verify(path, activityId, userId)
                .map(claims -> ShopperJwts.unexpired(claims, now))
                .orElse(false);
    }
}
