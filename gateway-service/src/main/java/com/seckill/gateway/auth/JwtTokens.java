package com.seckill.gateway.auth;

import com.nimbusds.jose.jwk.source.ImmutableSecret;
import com.seckill.common.trust.CompactJws;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.stereotype.Component;

/**
 * The platform's HS256 tokens, issued and verified by Spring Security's Nimbus encoder and decoder:
 * {@code sub} is the numeric user id, {@code roles} an optional array of strings that may contain
 * {@value #ADMIN}, in one spelling ({@link CompactJws}). The decoder is the resource server's (see {@code GatewaySecurity}); it accepts HS256
 * only (the header is the attacker's: a MAC verifier would take HS384/HS512 too, and "none" never), and
 * a token is refused from the second it expires, with no leeway.
 */
@Component
public class JwtTokens {

    public static final String ADMIN = "ADMIN";
    static final String ROLES_CLAIM = "roles";
    private static final String ADMIN_AUTHORITY = "ROLE_" + ADMIN;
    private static final String INVALID = "Invalid token";

    private final JwtEncoder encoder;
    private final NimbusReactiveJwtDecoder decoder;
    private final Duration ttl;
    private final Clock clock;

    JwtTokens(JwtProperties properties, Clock clock) {
        SecretKey key = new SecretKeySpec(properties.secretBytes(), "HmacSHA256");
        this.encoder = new NimbusJwtEncoder(new ImmutableSecret<>(key));
        this.decoder = NimbusReactiveJwtDecoder.withSecretKey(key).macAlgorithm(MacAlgorithm.HS256).build();
        this.decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(
                JwtTokens::oneSpelling, unexpired(clock), JwtTokens::numericSubject, JwtTokens::rolesAreStrings));
        this.ttl = properties.ttl();
        this.clock = clock;
    }

    public String issue(long userId, boolean admin) {
        Instant now = clock.instant();
        JwtClaimsSet claims = JwtClaimsSet.builder()
                .subject(Long.toString(userId))
                .claim(ROLES_CLAIM, admin ? List.of(ADMIN) : List.of())
                .issuedAt(now)
                .expiresAt(now.plus(ttl))
                .build();
        JwsHeader header = JwsHeader.with(MacAlgorithm.HS256).type("JWT").build();
        return encoder.encode(JwtEncoderParameters.from(header, claims)).getTokenValue();
    }

    /** The resource server's decoder: signature, algorithm, expiry, subject and roles. */
    public ReactiveJwtDecoder decoder() {
        return decoder;
    }

    /**
     * Verifies a token outside a request (tests, tools).
     *
     * @throws InvalidToken unless the token is an HS256 token we signed, unexpired, for a positive numeric user id
     */
    public AuthenticatedUser verify(String token) {
        try {
            return user(decoder.decode(token).block());
        } catch (JwtException e) {
            throw invalid(e);
        }
    }

    /** What a verified token grants: the user, and {@code ROLE_ADMIN} for an admin. */
    static JwtAuthenticationToken authentication(Jwt jwt) {
        List<GrantedAuthority> authorities = roles(jwt).contains(ADMIN)
                ? List.of(new SimpleGrantedAuthority(ADMIN_AUTHORITY)) : List.of();
        return new JwtAuthenticationToken(jwt, authorities, jwt.getSubject());
    }

    static AuthenticatedUser user(Jwt jwt) {
        return new AuthenticatedUser(Long.parseLong(jwt.getSubject()), roles(jwt).contains(ADMIN));
    }

    /** The shopper's answer for a token that failed: why, as far as it tells nothing about our keys. */
    static InvalidToken invalid(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof JwtValidationException validation && !validation.getErrors().isEmpty()) {
                return new InvalidToken(validation.getErrors().iterator().next().getDescription());
            }
        }
        return new InvalidToken(INVALID);
    }

    private static List<String> roles(Jwt jwt) {
        List<String> roles = jwt.getClaimAsStringList(ROLES_CLAIM);
        return roles == null ? List.of() : roles;
    }

    private static OAuth2TokenValidator<Jwt> unexpired(Clock clock) {
        return jwt -> {
            if (jwt.getExpiresAt() == null) {
                return failure(INVALID + ": no expiry");
            }
            return clock.instant().isBefore(jwt.getExpiresAt()) ? OAuth2TokenValidatorResult.success() : failure("Token expired");
        };
    }

    /** A signature with padding appended, or its unused low bits set, verifies too: only its own spelling is taken. */
    private static OAuth2TokenValidatorResult oneSpelling(Jwt jwt) {
        return CompactJws.isOneSpelling(jwt.getTokenValue()) ? OAuth2TokenValidatorResult.success() : failure(INVALID);
    }

    private static OAuth2TokenValidatorResult numericSubject(Jwt jwt) {
        String subject = jwt.getSubject();
        if (subject == null || subject.isEmpty() || subject.length() > 19 || !subject.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return failure(INVALID + " subject");
        }
        try {
            return Long.parseLong(subject) > 0 ? OAuth2TokenValidatorResult.success() : failure(INVALID + " subject");
        } catch (NumberFormatException e) {
            return failure(INVALID + " subject");
        }
    }

    private static OAuth2TokenValidatorResult rolesAreStrings(Jwt jwt) {
        Object roles = jwt.getClaims().get(ROLES_CLAIM);
        if (roles == null || roles instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
            return OAuth2TokenValidatorResult.success();
        }
        return failure(INVALID + " roles");
    }

    private static OAuth2TokenValidatorResult failure(String description) {
        return OAuth2TokenValidatorResult.failure(new OAuth2Error(OAuth2ErrorCodes.INVALID_TOKEN, description, null));
    }
}
