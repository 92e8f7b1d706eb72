package com.seckill.common.trust;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jwt.SignedJWT;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class PurchasePathsTest {

    private static final Instant NOW = Instant.parse("2026-12-02T00:00:00Z");
    private final InternalTokens key = new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, true);
    private final PurchasePaths paths = new PurchasePaths(key);

    @Test
    void aPathVerifiesForItsUserAndActivityUntilItExpires() throws Exception {
        String path = paths.issue(7, 10001, NOW.plusSeconds(60));
        assertThat(path).hasSizeLessThanOrEqualTo(PurchasePaths.MAX_LENGTH);
        assertThat(CompactJws.isOneSpelling(path)).as("one spelling of a compact JWS").isTrue();
        assertThat(SignedJWT.parse(path).getJWTClaimsSet().getAudience()).as("a JWT any JOSE library reads").containsExactly("seckill-path");
        assertThat(paths.verify(path, 7, 10001, NOW)).isTrue();
        assertThat(paths.verify(path, 7, 10001, NOW.plusSeconds(60))).isTrue();
        assertThat(paths.verify(path, 7, 10001, NOW.plusSeconds(61))).isFalse();
    }

    @Test
    void anotherUsersActivityOrKeyDoesNotVerify() {
        String path = paths.issue(7, 10001, NOW.plusSeconds(60));
        assertThat(paths.verify(path, 7, 10002, NOW)).isFalse();
        assertThat(paths.verify(path, 8, 10001, NOW)).isFalse();
        PurchasePaths otherKey = new PurchasePaths(new InternalTokens("another-secret-of-at-least-thirty-two-bytes", false));
        assertThat(otherKey.verify(path, 7, 10001, NOW)).isFalse();
    }

    @Test
    void pathsAreRandomAndTamperingIsRefused() {
        String path = paths.issue(7, 10001, NOW.plusSeconds(60));
        assertThat(paths.issue(7, 10001, NOW.plusSeconds(60))).isNotEqualTo(path);
        char last = path.charAt(path.length() - 1);
        assertThat(paths.verify(path.substring(0, path.length() - 1) + (last == 'A' ? 'B' : 'A'), 7, 10001, NOW)).isFalse();
        assertThat(paths.verify("nopath", 7, 10001, NOW)).isFalse();
        assertThat(paths.verify("a.b.c", 7, 10001, NOW)).isFalse();
        assertThat(paths.verify(null, 7, 10001, NOW)).isFalse();
        assertThat(paths.verify("!".repeat(100), 7, 10001, NOW)).isFalse();
    }

    @Test
    void otherSignedValuesOfThePlatformAreNotPaths() {
        QueueTokens queue = new QueueTokens(key);
        assertThat(paths.verify(queue.admission(7, 10001, NOW.plusSeconds(60)), 7, 10001, NOW)).as("an admission").isFalse();
        assertThat(paths.verify(queue.ticket(7, 10001, 1), 7, 10001, NOW)).as("a ticket").isFalse();
        assertThat(paths.verify(key.forwarded(10001L, false, "POST", "/api/seckill/7/x", NOW), 7, 10001, NOW))
                .as("an internal token").isFalse();
    }
}
