package com.seckill.common.trust;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class PurchasePathsTest {

    private static final Instant NOW = Instant.parse("2026-12-02T00:00:00Z");
    private final PurchasePaths paths = new PurchasePaths(new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, true));

    @Test
    void aPathVerifiesForItsUserAndActivityUntilItExpires() {
        String path = paths.issue(7, 10001, NOW.plusSeconds(60));
        assertThat(path).hasSize(PurchasePaths.ENCODED_LENGTH).matches("[A-Za-z0-9_-]+");
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
        assertThat(paths.verify(null, 7, 10001, NOW)).isFalse();
        assertThat(paths.verify("!".repeat(PurchasePaths.ENCODED_LENGTH), 7, 10001, NOW)).isFalse();
    }
}
