package com.seckill.common.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class InternalTokensTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private final InternalTokens tokens = new InternalTokens("a-production-secret-of-enough-length-0123456789", false);

    @Test
    void theGatewaysWordNamesUserRoleAndRequest() {
        Caller caller = tokens.verify(tokens.forwarded(10001L, true, "POST", "/api/seckill/1/abc", NOW), NOW);

        assertThat(caller.forwardedByGateway()).isTrue();
        assertThat(caller.userId()).isEqualTo(10001L);
        assertThat(caller.admin()).isTrue();
        assertThat(caller.method()).isEqualTo("POST");
        assertThat(caller.path()).isEqualTo("/api/seckill/1/abc");
        assertThat(caller.may(Scopes.ORDERS_READ)).isFalse();
    }

    @Test
    void anAnonymousForwardedRequestHasNoUserAndNoRole() {
        Caller caller = tokens.verify(tokens.forwarded(null, true, "GET", "/api/activities", NOW), NOW);

        assertThat(caller.userId()).isNull();
        assertThat(caller.admin()).isFalse();
    }

    @Test
    void aServiceTokenCarriesItsScopesAndNoUser() {
        Caller caller = tokens.verify(tokens.service("payment-service", List.of(Scopes.ORDERS_READ, Scopes.ORDERS_PAY), NOW), NOW);

        assertThat(caller.issuer()).isEqualTo("payment-service");
        assertThat(caller.userId()).isNull();
        assertThat(caller.may(Scopes.ORDERS_PAY)).isTrue();
        assertThat(caller.may("orders:delete")).isFalse();
    }

    @Test
    void aServiceCannotSignAsTheGateway() {
        assertThatThrownBy(() -> tokens.service(InternalTokens.GATEWAY, List.of(), NOW))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tokensSignedWithAnotherKeyOrAlteredAreRefused() {
        InternalTokens other = new InternalTokens("another-secret-of-enough-length-for-hs256-0123", false);
        String genuine = tokens.forwarded(10001L, false, "GET", "/api/orders", NOW);
        String[] parts = genuine.split("\\.");
        String promoted = parts[0] + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(
                new String(Base64.getUrlDecoder().decode(parts[1])).replace("10001", "10002").getBytes()) + "." + parts[2];

        assertThatThrownBy(() -> tokens.verify(other.forwarded(10001L, false, "GET", "/api/orders", NOW), NOW))
                .isInstanceOf(UntrustedCaller.class);
        assertThatThrownBy(() -> tokens.verify(promoted, NOW)).isInstanceOf(UntrustedCaller.class);
        assertThatThrownBy(() -> tokens.verify("not-a-token", NOW)).isInstanceOf(UntrustedCaller.class);
        assertThatThrownBy(() -> tokens.verify(parts[0] + "." + parts[1] + ".", NOW)).isInstanceOf(UntrustedCaller.class);
        for (String header : new String[] {"{\"alg\":\"none\"}", "{\"alg\":\"HS512\",\"typ\":\"JWT\"}"}) {
            String forgedHeader = Base64.getUrlEncoder().withoutPadding().encodeToString(header.getBytes());
            assertThatThrownBy(() -> tokens.verify(forgedHeader + "." + parts[1] + "." + parts[2], NOW))
                    .as(header).isInstanceOf(UntrustedCaller.class);
        }
    }

    @Test
    void forwardedTokensLiveSeconds() {
        String token = tokens.forwarded(10001L, false, "GET", "/api/orders", NOW);

        assertThat(tokens.verify(token, NOW.plusSeconds(30)).userId()).isEqualTo(10001L);
        assertThatThrownBy(() -> tokens.verify(token, NOW.plusSeconds(40))).isInstanceOf(UntrustedCaller.class);
    }

    @Test
    void theDevelopmentKeyAndShortKeysAreRefusedOutsideTheLocalProfile() {
        assertThatThrownBy(() -> new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new InternalTokens("short", true)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new InternalTokens(null, true)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, true)).isNotNull();
    }
}
