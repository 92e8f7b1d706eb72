package com.seckill.gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.Test;

class JwtTokensTest {

    private static final String SECRET = "unit-test-secret-0123456789abcdefghijklmnopqrstuvwxyz-0123456789";
    private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");
    private static final Duration TTL = Duration.ofHours(24);

    private final JwtTokens tokens = tokensAt(NOW);

    @Test
    void validTokenIsAccepted() {
        AuthenticatedUser user = tokens.verify(tokens.issue(10001, false));

        assertThat(user).isEqualTo(new AuthenticatedUser(10001, false));
    }

    @Test
    void adminRoleIsRecognised() {
        assertThat(tokens.verify(tokens.issue(7, true)).admin()).isTrue();
    }

    @Test
    void tokenIsValidUntilJustBeforeItsExpiry() {
        String token = tokens.issue(10001, false);

        assertThat(tokensAt(NOW.plus(TTL).minusSeconds(1)).verify(token).userId()).isEqualTo(10001);
    }

    @Test
    void expiredTokenIsRejected() {
        String token = tokens.issue(10001, false);

        assertThatThrownBy(() -> tokensAt(NOW.plus(TTL)).verify(token)).isInstanceOf(InvalidToken.class)
                .hasMessageContaining("expired");
    }

    @Test
    void unsecuredAlgNoneTokenIsRejected() {
        String header = Base64URL.encode("{\"alg\":\"none\",\"typ\":\"JWT\"}").toString();
        String token = header + "." + payload(claims("10001").build()) + ".";

        assertRejected(token);
    }

    @Test
    void algNoneHeaderWithAValidSignatureIsRejected() {
        String valid = tokens.issue(10001, true);
        String header = Base64URL.encode("{\"alg\":\"none\"}").toString();

        assertRejected(header + valid.substring(valid.indexOf('.')));
    }

    @Test
    void hs512TokenIsRejectedEvenWhenSignedWithOurSecret() throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS512), claims("10001").build());
        jwt.sign(new MACSigner(SECRET.getBytes(StandardCharsets.UTF_8)));

        assertRejected(jwt.serialize());
    }

    @Test
    void rs256HeaderIsRejected() {
        String header = Base64URL.encode("{\"alg\":\"RS256\",\"typ\":\"JWT\"}").toString();
        String token = header + "." + payload(claims("10001").build()) + "." + Base64URL.encode(new byte[256]);

        assertRejected(token);
    }

    @Test
    void tokenSignedWithAnotherSecretIsRejected() {
        assertRejected(sign(claims("10001").build(), "another-secret-of-at-least-thirty-two-bytes!!"));
    }

    @Test
    void tamperedClaimsAreRejected() {
        String valid = tokens.issue(10001, false);
        String[] parts = valid.split("\\.");
        String forgedPayload = payload(claims("10002").claim("roles", List.of("ADMIN")).build());

        assertRejected(parts[0] + "." + forgedPayload + "." + parts[2]);
    }

    @Test
    void tokenWithoutSubjectIsRejected() {
        assertRejected(sign(claims(null).build(), SECRET));
    }

    @Test
    void nonNumericSubjectIsRejected() {
        assertRejected(sign(claims("alice").build(), SECRET));
    }

    @Test
    void zeroNegativeAndOverflowingSubjectsAreRejected() {
        assertRejected(sign(claims("0").build(), SECRET));
        assertRejected(sign(claims("-5").build(), SECRET));
        assertRejected(sign(claims("99999999999999999999").build(), SECRET));
    }

    @Test
    void tokenWithoutExpiryIsRejected() {
        assertRejected(sign(new JWTClaimsSet.Builder().subject("10001").build(), SECRET));
    }

    @Test
    void rolesThatAreNotAStringArrayAreRejected() {
        assertRejected(sign(claims("10001").claim("roles", "ADMIN").build(), SECRET));
    }

    @Test
    void garbageIsRejected() {
        assertRejected("not-a-token");
        assertRejected("a.b.c");
    }

    private static JwtTokens tokensAt(Instant now) {
        return new JwtTokens(new JwtProperties(SECRET, TTL, false), Clock.fixed(now, ZoneOffset.UTC));
    }

    private static JWTClaimsSet.Builder claims(String subject) {
        return new JWTClaimsSet.Builder().subject(subject).issueTime(Date.from(NOW))
                .expirationTime(Date.from(NOW.plus(TTL)));
    }

    private static String payload(JWTClaimsSet claims) {
        return Base64URL.encode(claims.toString()).toString();
    }

    private static String sign(JWTClaimsSet claims, String secret) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
            jwt.sign(new MACSigner(secret.getBytes(StandardCharsets.UTF_8)));
            return jwt.serialize();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void assertRejected(String token) {
        assertThatThrownBy(() -> tokens.verify(token)).isInstanceOf(InvalidToken.class);
    }
}
