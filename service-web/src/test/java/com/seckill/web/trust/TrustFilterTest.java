package com.seckill.web.trust;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.trust.Caller;
import com.seckill.common.trust.InternalTokens;
import com.seckill.common.trust.Scopes;
import com.seckill.common.web.Headers;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class TrustFilterTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private final InternalTokens tokens = new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, true);
    private final TrustFilter filter = new TrustFilter(tokens, new ObjectMapper(), Clock.fixed(NOW, ZoneOffset.UTC));
    private final AtomicReference<HttpServletRequest> passed = new AtomicReference<>();

    private MockHttpServletResponse send(MockHttpServletRequest request) throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(request, response, (req, res) -> passed.set((HttpServletRequest) req));
        return response;
    }

    private static MockHttpServletRequest request(String method, String path, String token) {
        MockHttpServletRequest request = new MockHttpServletRequest(method, path);
        if (token != null) {
            request.addHeader(HttpHeaders.AUTHORIZATION, "Bearer " + token);
        }
        return request;
    }

    private String forwarded(Long userId, boolean admin, String method, String path) {
        return tokens.forwarded(userId, admin, method, path, NOW);
    }

    @Test
    void aRequestWithoutInternalTokenIsRefusedWhateverItsHeadersSay() throws Exception {
        MockHttpServletRequest request = request("POST", "/api/orders/7/cancel", null);
        request.addHeader(Headers.USER_ID, "10001");
        request.addHeader(Headers.USER_ROLES, "ADMIN");

        MockHttpServletResponse response = send(request);

        assertThat(response.getStatus()).isEqualTo(401);
        assertThat(response.getContentType()).isEqualTo("application/problem+json");
        assertThat(response.getContentAsString()).contains("\"code\":\"UNAUTHENTICATED\"");
        assertThat(passed.get()).isNull();
    }

    @Test
    void theUserTokenOfAShopperIsNotAnInternalToken() throws Exception {
        InternalTokens otherKey = new InternalTokens("a-shopper-jwt-secret-that-is-not-ours-0123456789", false);
        String token = otherKey.forwarded(10001L, true, "GET", "/api/orders", NOW);

        assertThat(send(request("GET", "/api/orders", token)).getStatus()).isEqualTo(401);
        assertThat(passed.get()).isNull();
    }

    @Test
    void aForwardedRequestActsAsTheUserTheGatewaySigned() throws Exception {
        MockHttpServletResponse response = send(request("GET", "/api/orders", forwarded(10001L, false, "GET", "/api/orders")));

        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(passed.get().getHeader(Headers.USER_ID)).isEqualTo("10001");
        assertThat(passed.get().getHeader(Headers.USER_ROLES)).isNull();
        assertThat(((Caller) passed.get().getAttribute(TrustFilter.CALLER)).userId()).isEqualTo(10001L);
    }

    @Test
    void identityHeadersThatContradictTheTokenAreForged() throws Exception {
        MockHttpServletRequest otherUser = request("GET", "/api/orders", forwarded(10001L, false, "GET", "/api/orders"));
        otherUser.addHeader(Headers.USER_ID, "10002");
        MockHttpServletRequest selfPromoted = request("GET", "/api/orders", forwarded(10001L, false, "GET", "/api/orders"));
        selfPromoted.addHeader(Headers.USER_ROLES, "ADMIN");

        assertThat(send(otherUser).getStatus()).isEqualTo(401);
        assertThat(send(selfPromoted).getStatus()).isEqualTo(401);
        assertThat(passed.get()).isNull();
    }

    @Test
    void aForwardedTokenOpensOnlyTheRequestItWasSignedFor() throws Exception {
        String forCancel = forwarded(10001L, false, "POST", "/api/orders/7/cancel");

        assertThat(send(request("POST", "/api/orders/8/cancel", forCancel)).getStatus()).isEqualTo(401);
        assertThat(send(request("GET", "/api/orders/7/cancel", forCancel)).getStatus()).isEqualTo(401);
        assertThat(passed.get()).isNull();
    }

    @Test
    void adminPathsNeedTheAdminRoleSignedByTheGateway() throws Exception {
        String path = "/api/admin/activities/3/stats";

        assertThat(send(request("GET", path, forwarded(10001L, false, "GET", path))).getStatus()).isEqualTo(403);
        assertThat(passed.get()).isNull();
        assertThat(send(request("GET", path, forwarded(1L, true, "GET", path))).getStatus()).isEqualTo(200);
        assertThat(passed.get().getHeader(Headers.USER_ROLES)).isEqualTo("ADMIN");
    }

    @Test
    void internalEndpointsAreForServicesOnly() throws Exception {
        String path = "/internal/orders/7/pay";

        assertThat(send(request("POST", path, forwarded(1L, true, "POST", path))).getStatus()).isEqualTo(403);
        assertThat(passed.get()).isNull();
        String service = tokens.service("payment-service", List.of(Scopes.ORDERS_PAY), NOW);
        assertThat(send(request("POST", path, service)).getStatus()).isEqualTo(200);
        assertThat(((Caller) passed.get().getAttribute(TrustFilter.CALLER)).may(Scopes.ORDERS_PAY)).isTrue();
    }

    @Test
    void aServiceTokenDoesNotActForAUser() throws Exception {
        String service = tokens.service("payment-service", List.of(Scopes.ORDERS_READ), NOW);

        assertThat(send(request("GET", "/api/orders", service)).getStatus()).isEqualTo(403);
        assertThat(passed.get()).isNull();
    }

    @Test
    void anExpiredTokenIsRefused() throws Exception {
        String old = tokens.forwarded(10001L, false, "GET", "/api/orders", NOW.minusSeconds(60));

        assertThat(send(request("GET", "/api/orders", old)).getStatus()).isEqualTo(401);
    }

    @Test
    void actuatorEndpointsAndTheApiDocumentActForNobodyAndStayOpen() throws Exception {
        assertThat(send(request("GET", "/actuator/health", null)).getStatus()).isEqualTo(200);
        assertThat(passed.get()).isNotNull();
        passed.set(null);
        assertThat(send(request("GET", "/v3/api-docs", null)).getStatus()).isEqualTo(200);
        assertThat(passed.get()).isNotNull();
    }

    @Test
    void aPathThatDecodesOrNormalisesIntoAnotherIsRefusedBeforeAnyDecision() throws Exception {
        // Tomcat would serve /internal/consumer for the first: the actuator exemption must not see it
        for (String path : new String[] {"/actuator/../internal/consumer", "/%61pi/admin/activities", "/api/admin;x/activities",
                "/api//admin/activities", "/api/orders/%ff"}) {
            passed.set(null);
            MockHttpServletResponse response = send(request("GET", path, forwarded(10001L, true, "GET", path)));

            assertThat(response.getStatus()).as(path).isEqualTo(400);
            assertThat(response.getContentAsString()).contains("\"code\":\"BAD_REQUEST\"");
            assertThat(passed.get()).as(path).isNull();
        }
    }
}
