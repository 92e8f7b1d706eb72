package com.seckill.common.trust;

import com.nimbusds.jwt.JWTClaimsSet;
import java.text.ParseException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Values the platform hands a shopper and is given back later (purchase paths, admissions, tickets):
 * compact HS256 JWTs signed with the platform's key by Nimbus ({@link InternalTokens}), each for one
 * use (its audience), one user (its subject) and one activity ({@code act}), so that a value of one kind,
 * for another user or another sale, or an internal token, is refused as any forgery is.
 */
final class ShopperJwts {

    /** Longer than any value issued; a longer one is refused before it is parsed. */
    static final int MAX_LENGTH = 400;
    private static final String ACTIVITY = "act";

    private final InternalTokens key;
    private final String audience;

    ShopperJwts(InternalTokens key, String audience) {
        this.key = key;
        this.audience = audience;
    }

    /** Signs the claims binding it to this user and activity, plus what {@code more} adds. */
    String sign(long activityId, long userId, UnaryOperator<JWTClaimsSet.Builder> more) {
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .audience(audience).subject(Long.toString(userId)).claim(ACTIVITY, activityId);
        return key.sign(more.apply(claims).build());
    }

    /** Whether the claims name an expiry and {@code now} is not past it (to the second, as JWTs count). */
    static boolean unexpired(JWTClaimsSet claims, Instant now) {
        return claims.getExpirationTime() != null && now.getEpochSecond() <= claims.getExpirationTime().getTime() / 1000;
    }

    /** The claims of a value signed for this use, user and activity; empty for anything else. */
    Optional<JWTClaimsSet> verify(String value, long activityId, long userId) {
        if (value == null || value.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        JWTClaimsSet claims = key.verifiedClaims(value);
        try {
            boolean bound = claims != null
                    && List.of(audience).equals(claims.getAudience())
                    && Long.toString(userId).equals(claims.getSubject())
                    && Long.valueOf(activityId).equals(claims.getLongClaim(ACTIVITY));
            return bound ? Optional.of(claims) : Optional.empty();
        } catch (ParseException e) {
            return Optional.empty();
        }
    }
}
