package com.seckill.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.common.web.Headers;
import com.seckill.gateway.auth.AuthenticatedUser;
import com.seckill.gateway.auth.JwtTokens;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Flux;

/** The gateway against real Redis, with the downstream services replaced by an echo server. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class GatewayIT {

    private static final EchoService services = EchoService.start();
    /** Shaped like a path (a JWT) but signed by nobody: {"alg":"none"}. */
    private static final String UNSIGNED_PATH = "eyJhbGciOiJub25lIn0.eyJhdWQiOiJzZWNraWxsLXBhdGgiLCJzdWIiOiIxIn0.AAAA";

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        // payment-service is down in this suite: its routes show what a dead service looks like
        GatewayTests.wire(registry, services, () -> "http://127.0.0.1:" + EchoService.deadPort());
        // Every request of this suite comes from 127.0.0.1: the address limit is RateLimitIT's business.
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-user", () -> "0");
    }

    @AfterAll
    static void stopServices() {
        services.stop();
    }

    @Autowired
    WebTestClient web;

    @Autowired
    JwtTokens tokens;

    @Autowired
    ReactiveStringRedisTemplate redis;

    @Autowired
    PurchasePaths paths;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    ObservationRegistry observations;

    @Test
    void springSecuritysOwnStepsAreNotObservedTheRequestIs() {
        List<String> started = new CopyOnWriteArrayList<>();
        observations.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public void onStart(Observation.Context context) {
                started.add(context.getName());
            }

            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }
        });
        web.get().uri("/api/orders").headers(h -> h.setBearerAuth(tokens.issue(randomId(), false)))
                .exchange().expectStatus().isOk();
        assertThat(started).contains("http.server.requests").noneMatch(name -> name.startsWith("spring.security"));
    }

    @Test
    void forgedIdentityHeadersAreReplacedByTheTokenSubject() {
        long userId = randomId();

        web.get().uri("/api/orders")
                .headers(h -> h.setBearerAuth(tokens.issue(userId, false)))
                .header(Headers.USER_ID, "1")
                .header(Headers.USER_ROLES, "ADMIN")
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.path").isEqualTo("/api/orders")
                .jsonPath("$.userId").isEqualTo(Long.toString(userId))
                .jsonPath("$.roles").doesNotExist()
                .jsonPath("$.signedBy").isEqualTo("user:" + userId);
    }

    @Test
    void theServiceReceivesTheGatewaysSignedWordForThisRequestNeverTheShoppersToken() {
        long userId = randomId();

        web.post().uri("/api/orders/42/cancel")
                .headers(h -> h.setBearerAuth(tokens.issue(userId, false)))
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.signedBy").isEqualTo("user:" + userId)
                .jsonPath("$.signedFor").isEqualTo("POST /api/orders/42/cancel");
        web.get().uri("/api/activities/7").exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.signedBy").isEqualTo("anonymous")
                .jsonPath("$.signedFor").isEqualTo("GET /api/activities/7");
    }

    @Test
    void internalEndpointsAreNeverRouted() {
        String admin = tokens.issue(randomId(), true);

        expectProblem(web.post().uri("/internal/orders/5/pay").headers(h -> h.setBearerAuth(admin)).exchange(),
                404, "NOT_FOUND");
        expectProblem(web.get().uri("/internal/consumer").exchange(), 404, "NOT_FOUND");
        assertThat(services.countUnder("/internal")).isZero();
    }

    @Test
    void onlyTheHealthOfTheGatewayIsExposed() {
        web.get().uri("/actuator/health").exchange().expectStatus().isOk();
        for (String endpoint : List.of("/actuator/env", "/actuator/beans", "/actuator/metrics", "/actuator/gateway/routes",
                "/actuator/configprops", "/actuator/heapdump")) {
            web.get().uri(endpoint).exchange().expectStatus().isNotFound();
        }
    }

    @Test
    void adminTokenReachesAdminPathsWithTheAdminRole() {
        long userId = randomId();

        web.post().uri("/api/admin/activities/5/warmup")
                .headers(h -> h.setBearerAuth(tokens.issue(userId, true)))
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.path").isEqualTo("/api/admin/activities/5/warmup")
                .jsonPath("$.userId").isEqualTo(Long.toString(userId))
                .jsonPath("$.roles").isEqualTo("ADMIN")
                .jsonPath("$.signedBy").isEqualTo("admin:" + userId);
    }

    @Test
    void requestWithoutTokenIsUnauthenticated() {
        expectProblem(web.get().uri("/api/orders").header(Headers.USER_ID, "10001").exchange(), 401, "UNAUTHENTICATED");
    }

    @Test
    void requestWithAForgedTokenIsUnauthenticated() {
        expectProblem(web.get().uri("/api/orders").headers(h -> h.setBearerAuth("eyJhbGciOiJub25lIn0.e30."))
                .exchange(), 401, "UNAUTHENTICATED");
    }

    @Test
    void aTokenSpeltOtherwiseThanItWasSignedIsUnauthenticated() {
        String token = tokens.issue(randomId(), false);
        web.get().uri("/api/orders").headers(h -> h.setBearerAuth(token)).exchange().expectStatus().isOk();
        for (String respelt : new String[] {token + "=", token + "=="}) {
            expectProblem(web.get().uri("/api/orders").headers(h -> h.setBearerAuth(respelt)).exchange(), 401, "UNAUTHENTICATED");
        }
    }

    @Test
    void activitiesAreReadableWithoutTokenAndWithoutForwardedIdentity() {
        web.get().uri("/api/activities/7")
                .header(Headers.USER_ID, "10001")
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.path").isEqualTo("/api/activities/7")
                .jsonPath("$.userId").doesNotExist();
    }

    @Test
    void aStaleTokenOnAPublicPathIsIgnoredAndAValidOneStillNamesTheUser() {
        // A token left in a browser after the secret changed, or after it expired: browsing goes on, anonymous.
        web.get().uri("/api/activities/7")
                .headers(h -> h.setBearerAuth("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c3RhbGU"))
                .header(Headers.USER_ID, "10001")
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.userId").doesNotExist();
        long userId = randomId();
        web.get().uri("/api/activities/7")
                .headers(h -> h.setBearerAuth(tokens.issue(userId, false)))
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.userId").isEqualTo(Long.toString(userId));
    }

    @Test
    void noSessionIsEverOpened() {
        // Stateless: a signed-in request, an admin one and a refused one set no cookie a browser would send back.
        web.get().uri("/api/orders").headers(h -> h.setBearerAuth(tokens.issue(randomId(), false))).exchange()
                .expectStatus().isOk().expectHeader().doesNotExist("Set-Cookie");
        web.get().uri("/api/admin/activities/1/stats").headers(h -> h.setBearerAuth(tokens.issue(randomId(), true))).exchange()
                .expectHeader().doesNotExist("Set-Cookie");
        web.get().uri("/api/orders").exchange()
                .expectStatus().isUnauthorized().expectHeader().doesNotExist("Set-Cookie");
    }

    @Test
    void adminPathWithoutTheAdminRoleIsForbiddenAndNeverRouted() {
        long activityId = randomId();
        String path = "/api/admin/activities/" + activityId + "/warmup";

        expectProblem(web.post().uri(path).headers(h -> h.setBearerAuth(tokens.issue(randomId(), false))).exchange(),
                403, "FORBIDDEN");
        assertThat(services.count("POST", path)).isZero();
    }

    @Test
    void purchaseOnAPathSignedForTheUserIsRoutedWithTheVerifiedUserAndNoRedisCall() {
        long userId = randomId();
        long activityId = randomId();
        String path = issuePath(activityId, userId);
        String purchase = "/api/seckill/" + activityId + "/" + path;

        web.post().uri(purchase).headers(h -> h.setBearerAuth(tokens.issue(userId, false))).exchange()
                .expectStatus().isOk()
                .expectBody().jsonPath("$.userId").isEqualTo(Long.toString(userId));

        assertThat(services.count("POST", purchase)).isEqualTo(1);
        // one use only is seckill-service's to enforce, in its purchase script (SeckillKeys.path is its key)
        assertThat(redis.hasKey(SeckillKeys.path(activityId, userId)).block()).isFalse();
    }

    @Test
    void anotherUsersPathIsABadPathAndNeverRouted() {
        long owner = randomId();
        long activityId = randomId();
        String path = issuePath(activityId, owner);
        String purchase = "/api/seckill/" + activityId + "/" + path;

        expectProblem(web.post().uri(purchase).headers(h -> h.setBearerAuth(tokens.issue(randomId(), false))).exchange(),
                403, "BAD_PATH");

        assertThat(services.count("POST", purchase)).isZero();
    }

    @Test
    void anotherActivitysPathIsABadPath() {
        long userId = randomId();
        long activityId = randomId();
        String path = issuePath(activityId, userId);
        String purchase = "/api/seckill/" + (activityId + 1) + "/" + path;

        expectProblem(web.post().uri(purchase).headers(h -> h.setBearerAuth(tokens.issue(userId, false))).exchange(),
                403, "BAD_PATH");
        assertThat(services.count("POST", purchase)).isZero();
    }

    @Test
    void aPathNeverIssuedIsABadPath() {
        String purchase = "/api/seckill/" + randomId() + "/neverIssued";
        expectProblem(web.post().uri(purchase).headers(h -> h.setBearerAuth(tokens.issue(randomId(), false))).exchange(),
                403, "BAD_PATH");
        String unsigned = "/api/seckill/" + randomId() + "/" + UNSIGNED_PATH;
        expectProblem(web.post().uri(unsigned).headers(h -> h.setBearerAuth(tokens.issue(randomId(), false))).exchange(),
                403, "BAD_PATH");
        assertThat(services.count("POST", purchase) + services.count("POST", unsigned)).isZero();
    }

    @Test
    void anExpiredPathIsABadPath() {
        long userId = randomId();
        long activityId = randomId();
        String purchase = "/api/seckill/" + activityId + "/" + paths.issue(activityId, userId, Instant.now().minusSeconds(1));

        expectProblem(web.post().uri(purchase).headers(h -> h.setBearerAuth(tokens.issue(userId, false))).exchange(),
                403, "BAD_PATH");
        assertThat(services.count("POST", purchase)).isZero();
    }

    @Test
    void purchaseWithANonNumericActivityIsABadRequest() {
        expectProblem(web.post().uri("/api/seckill/abc/somePath")
                .headers(h -> h.setBearerAuth(tokens.issue(randomId(), false))).exchange(), 400, "BAD_REQUEST");
        expectProblem(web.post().uri("/api/seckill/-3/somePath")
                .headers(h -> h.setBearerAuth(tokens.issue(randomId(), false))).exchange(), 400, "BAD_REQUEST");
    }

    @Test
    void askingForAPathAndPollingAResultAreRoutedWithoutAPathCheck() {
        long activityId = randomId();
        String token = tokens.issue(randomId(), false);

        web.post().uri("/api/seckill/" + activityId + "/token").headers(h -> h.setBearerAuth(token)).exchange()
                .expectStatus().isOk();
        web.get().uri("/api/seckill/result/req-" + activityId).headers(h -> h.setBearerAuth(token)).exchange()
                .expectStatus().isOk();
    }

    @Test
    void demoTokenIsIssuedForAPositiveUserId() {
        long userId = randomId();

        String token = web.post().uri("/api/auth/demo-token")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"userId\":" + userId + ",\"admin\":true}")
                .exchange()
                .expectStatus().isOk()
                .expectBody(TokenAnswer.class).returnResult().getResponseBody().token();

        assertThat(tokens.verify(token)).isEqualTo(new AuthenticatedUser(userId, true));
        // anyone who can reach a developer's gateway may mint one: each is in the audit log, with who and from where
        assertThat(jdbc.queryForList("SELECT after_json FROM gateway_audit WHERE action = 'token.demo-admin' AND actor_id = ?",
                String.class, userId)).singleElement().asString().contains("\"userId\":" + userId).contains("\"address\":\"127.0.0.1\"");
    }

    @Test
    void demoTokenWithoutTheAdminFlagIsAShoppersToken() {
        long userId = randomId();

        String token = web.post().uri("/api/auth/demo-token").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"userId\":" + userId + "}")
                .exchange()
                .expectStatus().isOk()
                .expectBody(TokenAnswer.class).returnResult().getResponseBody().token();

        assertThat(tokens.verify(token)).isEqualTo(new AuthenticatedUser(userId, false));
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM gateway_audit WHERE actor_id = ?", Long.class, userId))
                .as("a shopper's token is nobody's business").isZero();
    }

    @Test
    void demoTokenWithGarbageOrInvalidJsonIsABadRequest() {
        for (String body : new String[] {"{not json", "{}", "{\"userId\":-1}", "{\"userId\":\"abc\"}",
                "{\"userId\":99999999999999999999}", "{\"userId\":5,\"admin\":true,\"admin\":false}",
                "{\"userId\":5,\"userId\":6}"}) {
            expectProblem(web.post().uri("/api/auth/demo-token").contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(body).exchange(), 400, "BAD_REQUEST");
        }
    }

    @Test
    void unknownRouteIsANotFoundProblem() {
        expectProblem(web.get().uri("/api/nothing-here").headers(h -> h.setBearerAuth(tokens.issue(randomId(), false)))
                .exchange(), 404, "NOT_FOUND");
        expectProblem(web.get().uri("/no-such-page.html").exchange(), 404, "NOT_FOUND");
    }

    @Test
    void serviceThatIsDownIsBusy() {
        expectProblem(web.get().uri("/api/payments/T1").headers(h -> h.setBearerAuth(tokens.issue(randomId(), false)))
                .exchange(), 503, "BUSY");
    }

    @Test
    void bodyOverTheLimitIsRejectedBeforeRouting() {
        String path = "/api/orders/" + randomId() + "/cancel";
        String body = "{\"padding\":\"" + "x".repeat(17 * 1024) + "\"}";

        expectProblem(web.post().uri(path).headers(h -> h.setBearerAuth(tokens.issue(randomId(), false)))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange(), 413, "PAYLOAD_TOO_LARGE");
        expectProblem(web.post().uri("/api/auth/demo-token").contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchange(), 413, "PAYLOAD_TOO_LARGE");
        assertThat(services.count("POST", path)).isZero();
    }

    @Test
    void healthIsUp() {
        web.get().uri("/actuator/health").exchange()
                .expectStatus().isOk()
                .expectBody().jsonPath("$.status").isEqualTo("UP");
    }

    @Test
    void demoPageIsServed() {
        web.get().uri("/index.html").exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_HTML);
    }

    record TokenAnswer(String token) {
    }

    /** A path as seckill-service issues it: signed for the user and activity, valid 60 s. */
    private String issuePath(long activityId, long userId) {
        return paths.issue(activityId, userId, Instant.now().plusSeconds(60));
    }

    @Test
    void chunkedBodyOverTheLimitIsRejectedWhileItStreams() {
        String path = "/api/orders/" + randomId() + "/cancel";
        Flux<String> chunks = Flux.range(0, 40).map(i -> "x".repeat(1024));

        expectProblem(web.post().uri(path).headers(h -> h.setBearerAuth(tokens.issue(randomId(), false)))
                .contentType(MediaType.APPLICATION_JSON).body(chunks, String.class).exchange(), 413, "PAYLOAD_TOO_LARGE");
        assertThat(services.count("POST", path)).isZero();
    }

    @Test
    void pageCarriesSecurityHeadersAndAContentSecurityPolicy() {
        web.get().uri("/index.html").exchange()
                .expectStatus().isOk()
                .expectHeader().valueEquals("X-Content-Type-Options", "nosniff")
                .expectHeader().valueEquals("X-Frame-Options", "DENY")
                .expectHeader().valueEquals("Referrer-Policy", "no-referrer")
                .expectHeader().value("Content-Security-Policy", policy -> assertThat(policy)
                        .contains("script-src 'self'", "frame-ancestors 'none'").doesNotContain("unsafe-inline"));
    }

    @Test
    void apiAnswersAndErrorsAreNeverCachedOrFramed() {
        web.get().uri("/api/orders").headers(h -> h.setBearerAuth(tokens.issue(randomId(), false))).exchange()
                .expectStatus().isOk()
                .expectHeader().valueEquals("Cache-Control", "no-store")
                .expectHeader().valueEquals("X-Content-Type-Options", "nosniff")
                .expectHeader().valueEquals("X-Frame-Options", "DENY");
        web.get().uri("/api/orders").exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().valueEquals("Cache-Control", "no-store")
                .expectHeader().valueEquals("X-Content-Type-Options", "nosniff");
    }

    @Test
    void crossOriginCallsGetNoPermissionByDefault() {
        web.options().uri("/api/orders")
                .header("Origin", "https://evil.example")
                .header("Access-Control-Request-Method", "GET")
                .header("Access-Control-Request-Headers", "Authorization")
                .exchange()
                .expectHeader().doesNotExist("Access-Control-Allow-Origin");
        web.get().uri("/api/activities").header("Origin", "https://evil.example").exchange()
                .expectHeader().doesNotExist("Access-Control-Allow-Origin");
    }

    @Test
    void forwardedForFromAnUntrustedPeerIsIgnored() {
        String admin = tokens.issue(randomId(), true);
        String spoofed = GatewayTests.randomAddress();
        String id = web.post().uri("/api/admin/blacklist").headers(h -> h.setBearerAuth(admin))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"ip\":\"" + spoofed + "\",\"reason\":\"test\"}")
                .exchange().expectStatus().isCreated()
                .expectBody(String.class).returnResult().getResponseBody().replaceAll(".*\"id\":(\\d+).*", "$1");
        try {
            // No proxy is trusted here: the header is the client's own words, and the client is 127.0.0.1.
            web.get().uri("/api/activities").header("X-Forwarded-For", spoofed).exchange().expectStatus().isOk();
        } finally {
            web.delete().uri("/api/admin/blacklist/" + id).headers(h -> h.setBearerAuth(admin)).exchange()
                    .expectStatus().isNoContent();
        }
    }

    static void expectProblem(WebTestClient.ResponseSpec response, int status, String code) {
        GatewayTests.expectProblem(response, status, code);
    }

    static long randomId() {
        return GatewayTests.randomId();
    }
}
