package com.seckill.gateway.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Issues and verifies the platform's HS256 tokens: {@code sub} is the numeric user id, {@code roles}
 * an optional array of strings that may contain {@value #ADMIN}.
 */
@Component
public class JwtTokens {

    public static final String ADMIN = "ADMIN";
    static final String ROLES_CLAIM = "roles";

    private final JWSSigner signer;
    private final JWSVerifier verifier;
    private final Duration ttl;
    private final Clock clock;

    JwtTokens(JwtProperties properties, Clock clock) {
        try {
            this.signer = new MACSigner(properties.secretBytes());
            this.verifier = new MACVerifier(properties.secretBytes());
        } catch (JOSEException e) {
            throw new IllegalArgumentException("Unusable JWT secret", e);
        }
        this.ttl = properties.ttl();
        this.clock = clock;
    }

    public String issue(long userId, boolean admin) {
        Instant now = clock.instant();
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .subject(Long.toString(userId))
                .claim(ROLES_CLAIM, admin ? List.of(ADMIN) : List.of())
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(ttl)))
                .build();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSEObjectType.JWT).build(), claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("Could not sign a token", e);
        }
        return jwt.serialize();
    }

    /** @throws InvalidToken unless the token is an HS256 token we signed, unexpired, for a positive numeric user id */
    public AuthenticatedUser verify(String token) {
        SignedJWT jwt;
        JWTClaimsSet claims;
        try {
            // Parsing as a signed JWT already refuses unsecured ("alg":"none") tokens.
            jwt = SignedJWT.parse(token);
            // Pin the algorithm: the header is attacker-controlled, and a MAC verifier would accept HS384/HS512 too.
            if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) {
                throw new InvalidToken("Invalid token");
            }
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException | JOSEException e) {
            throw new InvalidToken("Invalid token");
        }
        Date expiry = claims.getExpirationTime();
        if (expiry == null) {
            throw new InvalidToken("Invalid token: no expiry");
        }
        if (!clock.instant().isBefore(expiry.toInstant())) {
            throw new InvalidToken("Token expired");
        }
        return new AuthenticatedUser(userId(claims.getSubject()), isAdmin(claims));
    }

    private static long userId(String subject) {
        if (subject == null || subject.isEmpty() || subject.length() > 19 || !subject.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new InvalidToken("Invalid token subject");
        }
        try {
            long userId = Long.parseLong(subject);
            if (userId <= 0) {
                throw new InvalidToken("Invalid token subject");
            }
            return userId;
        } catch (NumberFormatException e) {
            throw new InvalidToken("Invalid token subject");
        }
    }

    private static boolean isAdmin(JWTClaimsSet claims) {
        try {
            List<String> roles = claims.getStringListClaim(ROLES_CLAIM);
            return roles != null && roles.contains(ADMIN);
        } catch (ParseException e) {
            throw new InvalidToken("Invalid token roles");
        }
    }
}
