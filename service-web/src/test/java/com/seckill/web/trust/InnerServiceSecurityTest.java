package com.seckill.web.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.seckill.common.trust.Caller;
import com.seckill.common.trust.InternalTokens;
import com.seckill.common.trust.Scopes;
import com.seckill.common.web.Headers;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** The door of every inner service: Spring Security's chain as {@link TrustAutoConfiguration} builds it, in front of a small controller. */
@WebMvcTest(properties = {"spring.application.name=test-service", "seckill.trust.secret=" + InternalTokens.DEVELOPMENT_SECRET,
        "seckill.trust.allow-development-secret=true"})
@ContextConfiguration(classes = {InnerServiceSecurityTest.Endpoints.class, InnerServiceSecurityTest.Observed.class})
@ImportAutoConfiguration(TrustAutoConfiguration.class)
class InnerServiceSecurityTest {

    private final InternalTokens tokens = new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, true);

    private static final String SEEN_BY_THE_REGISTRY = "endpoint.read";

    @Autowired
    MockMvc mvc;

    @Autowired
    ObservedNames observed;

    /** Every observation started in the context, by name: Spring Security observes through any registry it finds. */
    record ObservedNames(List<String> names) {
    }

    @Configuration(proxyBeanMethods = false)
    static class Observed {

        @Bean
        ObservedNames observedNames() {
            return new ObservedNames(new CopyOnWriteArrayList<>());
        }

        @Bean
        ObservationRegistry observationRegistry(ObservedNames observed) {
            ObservationRegistry registry = ObservationRegistry.create();
            registry.observationConfig().observationHandler(new ObservationHandler<>() {
                @Override
                public void onStart(Observation.Context context) {
                    observed.names().add(context.getName());
                }

                @Override
                public boolean supportsContext(Observation.Context context) {
                    return true;
                }
            });
            return registry;
        }
    }

    /** What the controllers see of the request: the identity headers and the verified caller. */
    @RestController
    static class Endpoints {

        private final ObservationRegistry registry;

        Endpoints(ObservationRegistry registry) {
            this.registry = registry;
        }

        @GetMapping({"/api/orders", "/api/admin/activities/{id}/stats", "/actuator/health", "/v3/api-docs"})
        Map<String, Object> read(HttpServletRequest request) {
            Observation.createNotStarted(SEEN_BY_THE_REGISTRY, registry).observe(() -> { });
            return seen(request);
        }

        @PostMapping("/api/orders/{id}/cancel")
        Map<String, Object> cancel(HttpServletRequest request) {
            return seen(request);
        }

        @ServiceOnly(Scopes.ORDERS_PAY)
        @PostMapping("/internal/orders/{id}/pay")
        Map<String, Object> pay(HttpServletRequest request) {
            return seen(request);
        }

        @PostMapping("/internal/unmarked")
        Map<String, Object> unmarked(HttpServletRequest request) {
            return seen(request);
        }

        private static Map<String, Object> seen(HttpServletRequest request) {
            Map<String, Object> seen = new LinkedHashMap<>();
            seen.put("userId", request.getHeader(Headers.USER_ID));
            seen.put("roles", request.getHeader(Headers.USER_ROLES));
            seen.put("caller", request.getAttribute(VerifiedIdentityFilter.CALLER) instanceof Caller caller ? caller.issuer() : null);
            return seen;
        }
    }

    private ResultActions send(MockHttpServletRequestBuilder request, String token) throws Exception {
        if (token != null) {
            request.header(HttpHeaders.AUTHORIZATION, "Bearer " + token);
        }
        return mvc.perform(request);
    }

    private String forwarded(Long userId, boolean admin, String method, String path) {
        return tokens.forwarded(userId, admin, method, path, Instant.now());
    }

    private static void refused(ResultActions answer, int status, String code) throws Exception {
        answer.andExpect(status().is(status))
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.code").value(code))
                .andExpect(jsonPath("$.detail").isNotEmpty())
                .andExpect(jsonPath("$.caller").doesNotExist());
    }

    @Test
    void aRequestWithoutInternalTokenIsRefusedWhateverItsHeadersSay() throws Exception {
        refused(send(post("/api/orders/7/cancel").header(Headers.USER_ID, "10001").header(Headers.USER_ROLES, "ADMIN"), null),
                401, "UNAUTHENTICATED");
        refused(send(get("/api/orders").header(HttpHeaders.AUTHORIZATION, "Basic dXNlcjpwYXNz"), null), 401, "UNAUTHENTICATED");
    }

    @Test
    void theUserTokenOfAShopperIsNotAnInternalToken() throws Exception {
        InternalTokens otherKey = new InternalTokens("a-shopper-jwt-secret-that-is-not-ours-0123456789", false);
        String token = otherKey.forwarded(10001L, true, "GET", "/api/orders", Instant.now());

        refused(send(get("/api/orders"), token), 401, "UNAUTHENTICATED");
        refused(send(get("/api/orders"), "not a token"), 401, "UNAUTHENTICATED");
    }

    @Test
    void aForwardedRequestActsAsTheUserTheGatewaySigned() throws Exception {
        send(get("/api/orders"), forwarded(10001L, false, "GET", "/api/orders"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.userId").value("10001"))
                .andExpect(jsonPath("$.roles").doesNotExist())
                .andExpect(jsonPath("$.caller").value(InternalTokens.GATEWAY))
                .andExpect(header().doesNotExist(HttpHeaders.SET_COOKIE));
    }

    @Test
    void identityHeadersThatContradictTheTokenAreForged() throws Exception {
        String token = forwarded(10001L, false, "GET", "/api/orders");

        refused(send(get("/api/orders").header(Headers.USER_ID, "10002"), token), 401, "UNAUTHENTICATED");
        refused(send(get("/api/orders").header(Headers.USER_ROLES, "ADMIN"), token), 401, "UNAUTHENTICATED");
    }

    @Test
    void aForwardedTokenOpensOnlyTheRequestItWasSignedFor() throws Exception {
        String forCancel = forwarded(10001L, false, "POST", "/api/orders/7/cancel");

        refused(send(post("/api/orders/8/cancel"), forCancel), 401, "UNAUTHENTICATED");
        refused(send(request(HttpMethod.PUT, URI.create("/api/orders/7/cancel")), forCancel), 401, "UNAUTHENTICATED");
        send(post("/api/orders/7/cancel"), forCancel).andExpect(status().isOk());
    }

    @Test
    void adminPathsNeedTheAdminRoleSignedByTheGateway() throws Exception {
        String path = "/api/admin/activities/3/stats";

        refused(send(get(path), forwarded(10001L, false, "GET", path)), 403, "FORBIDDEN");
        send(get(path), forwarded(1L, true, "GET", path))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.roles").value("ADMIN"));
    }

    @Test
    void internalEndpointsAreForServicesWithTheScopeOnly() throws Exception {
        String path = "/internal/orders/7/pay";

        refused(send(post(path), forwarded(1L, true, "POST", path)), 403, "FORBIDDEN");
        refused(send(post(path), tokens.service("payment-service", List.of(Scopes.ORDERS_READ), Instant.now())), 403, "FORBIDDEN");
        send(post(path), tokens.service("payment-service", List.of(Scopes.ORDERS_PAY), Instant.now()))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.caller").value("payment-service"))
                .andExpect(jsonPath("$.userId").doesNotExist());
    }

    @Test
    void anInternalEndpointThatNamesNoScopeIsRefusedToEveryService() throws Exception {
        refused(send(post("/internal/unmarked"), tokens.service("payment-service", List.of(Scopes.ORDERS_PAY), Instant.now())),
                403, "FORBIDDEN");
    }

    @Test
    void aServiceTokenDoesNotActForAUser() throws Exception {
        refused(send(get("/api/orders"), tokens.service("payment-service", List.of(Scopes.ORDERS_READ), Instant.now())),
                403, "FORBIDDEN");
    }

    @Test
    void anExpiredTokenIsRefused() throws Exception {
        String old = tokens.forwarded(10001L, false, "GET", "/api/orders", Instant.now().minusSeconds(60));

        refused(send(get("/api/orders"), old), 401, "UNAUTHENTICATED");
    }

    @Test
    void actuatorEndpointsAndTheApiDocumentActForNobodyAndStayOpen() throws Exception {
        send(get("/actuator/health"), null).andExpect(status().isOk()).andExpect(jsonPath("$.caller").doesNotExist());
        send(get("/v3/api-docs"), null).andExpect(status().isOk());
    }

    @Test
    void aPathThatDecodesOrNormalisesIntoAnotherIsRefusedBeforeAnyDecision() throws Exception {
        // Tomcat would serve /internal/consumer for the first: the actuator exemption must not see it
        for (String path : new String[] {"/actuator/../internal/consumer", "/%61pi/admin/activities", "/api/admin;x/activities",
                "/api//admin/activities", "/api/orders/%ff"}) {
            refused(send(get(URI.create(path)), forwarded(10001L, true, "GET", path)), 400, "BAD_REQUEST");
        }
    }

    @Test
    void aMethodTheFirewallDoesNotKnowIsABadRequest() throws Exception {
        refused(send(request(HttpMethod.valueOf("TRACE"), URI.create("/api/orders")), forwarded(10001L, false, "TRACE", "/api/orders")),
                400, "BAD_REQUEST");
    }

    @Test
    void aHeaderReadWithAControlCharacterInItIsABadRequest() throws Exception {
        String token = forwarded(10001L, false, "GET", "/api/orders");
        for (String control : new String[] {"\u0007", "\u0085", "\n"}) {
            refused(send(get("/api/orders").header(HttpHeaders.AUTHORIZATION, "Bearer " + token + control), null), 400, "BAD_REQUEST");
        }
    }

    @Test
    void springSecuritysOwnStepsAreNotObserved() throws Exception {
        send(get("/api/orders"), forwarded(10001L, false, "GET", "/api/orders")).andExpect(status().isOk());
        assertThat(observed.names()).as("the registry Spring Security was given saw the request")
                .contains(SEEN_BY_THE_REGISTRY)
                .noneMatch(name -> name.startsWith("spring.security"));
    }
}
