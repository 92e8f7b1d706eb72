package com.seckill.gateway;

import static com.seckill.gateway.GatewayTests.expectProblem;
import static com.seckill.gateway.GatewayTests.randomId;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.seckill.gateway.auth.JwtTokens;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Bad requests of every kind the gateway itself must refuse, each with its exact status and code, and
 * each refused before it reaches a service or changes anything in Redis (rate-limiter state aside).
 * Id validation deeper in the services is covered by their own suites and the end-to-end suite.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BadRequestsIT {

    private static final EchoService services = EchoService.start();
    private static final String OVERSIZED = "{\"padding\":\"" + "x".repeat(17 * 1024) + "\"}";

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        GatewayTests.wire(registry, services);
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
    Environment environment;
    @LocalServerPort
    int port;

    /** How a case authenticates: no token, a good one, or one of the bad kinds. */
    enum Auth { NONE, USER, ADMIN, FORGED, EXPIRED, ALG_NONE, HS512, NO_SUBJECT, NO_EXPIRY, GARBAGE, MALFORMED_BEARER }

    record Case(HttpMethod method, String path, Auth auth, MediaType type, String body) {
    }

    private static Arguments row(String label, Case request, int status, String code) {
        return Arguments.of(label, request, status, code);
    }

    static Stream<Arguments> badRequests() {
        MediaType json = MediaType.APPLICATION_JSON;
        return Stream.of(
                row("malformed JSON", new Case(HttpMethod.POST, "/api/auth/demo-token", Auth.NONE, json, "{\"userId\":"), 400, "BAD_REQUEST"),
                row("JSON array for an object", new Case(HttpMethod.POST, "/api/auth/demo-token", Auth.NONE, json, "[1,2]"), 400, "BAD_REQUEST"),
                row("unknown field (mass assignment)", new Case(HttpMethod.POST, "/api/auth/demo-token", Auth.NONE, json, "{\"userId\":5,\"roles\":[\"ADMIN\"]}"), 400, "BAD_REQUEST"),
                row("negative number", new Case(HttpMethod.POST, "/api/auth/demo-token", Auth.NONE, json, "{\"userId\":-5}"), 400, "BAD_REQUEST"),
                row("number beyond Long", new Case(HttpMethod.POST, "/api/auth/demo-token", Auth.NONE, json, "{\"userId\":99999999999999999999}"), 400, "BAD_REQUEST"),
                row("fraction for an id", new Case(HttpMethod.POST, "/api/auth/demo-token", Auth.NONE, json, "{\"userId\":1.5}"), 400, "BAD_REQUEST"),
                row("string for a boolean", new Case(HttpMethod.POST, "/api/auth/demo-token", Auth.NONE, json, "{\"userId\":5,\"admin\":\"yes\"}"), 400, "BAD_REQUEST"),
                row("wrong content type", new Case(HttpMethod.POST, "/api/auth/demo-token", Auth.NONE, MediaType.TEXT_PLAIN, "userId=5"), 415, "UNSUPPORTED_MEDIA_TYPE"),
                row("oversized JSON to the gateway", new Case(HttpMethod.POST, "/api/auth/demo-token", Auth.NONE, json, OVERSIZED), 413, "PAYLOAD_TOO_LARGE"),
                row("oversized JSON to a service", new Case(HttpMethod.POST, "/api/payments", Auth.USER, json, OVERSIZED), 413, "PAYLOAD_TOO_LARGE"),
                row("SQL-looking activity id", new Case(HttpMethod.POST, "/api/seckill/1%27%20OR%20%271%27=%271/abc", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("non-numeric activity id", new Case(HttpMethod.POST, "/api/seckill/abc/somePath", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("negative activity id", new Case(HttpMethod.POST, "/api/seckill/-3/somePath", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("zero activity id", new Case(HttpMethod.POST, "/api/seckill/0/somePath", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("activity id beyond Long", new Case(HttpMethod.POST, "/api/seckill/99999999999999999999/somePath", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("path outside the issued alphabet", new Case(HttpMethod.POST, "/api/seckill/5/a'b", Auth.USER, null, null), 403, "BAD_PATH"),
                row("escaped quote in a purchase path", new Case(HttpMethod.POST, "/api/seckill/5/a%27b", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("encoded 'a' in api, anonymous", new Case(HttpMethod.GET, "/%61pi/admin/blacklist", Auth.NONE, null, null), 400, "BAD_REQUEST"),
                row("encoded 'a' in api, deleting", new Case(HttpMethod.DELETE, "/%61pi/admin/blacklist/3", Auth.NONE, null, null), 400, "BAD_REQUEST"),
                row("encoded 'a' in admin, shopper", new Case(HttpMethod.POST, "/api/%61dmin/blacklist", Auth.USER, json, "{\"userId\":5,\"reason\":\"x\"}"), 400, "BAD_REQUEST"),
                row("encoded purchase prefix", new Case(HttpMethod.POST, "/api/%73eckill/45/nopath", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("upper-case escape", new Case(HttpMethod.POST, "/api/%41dmin/activities", Auth.NONE, json, "{}"), 400, "BAD_REQUEST"),
                row("invalid escape", new Case(HttpMethod.GET, "/api/orders/%ff", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("encoded NUL", new Case(HttpMethod.GET, "/api/activities/1%00", Auth.NONE, null, null), 400, "BAD_REQUEST"),
                row("encoded space before an id", new Case(HttpMethod.GET, "/api/activities/%201", Auth.NONE, null, null), 400, "BAD_REQUEST"),
                row("dot segment to admin", new Case(HttpMethod.GET, "/api/activities/../admin/blacklist", Auth.NONE, null, null), 400, "BAD_REQUEST"),
                row("single dot segment", new Case(HttpMethod.GET, "/api/./admin/blacklist", Auth.NONE, null, null), 400, "BAD_REQUEST"),
                row("leading double slash", new Case(HttpMethod.GET, "//api/admin/blacklist", Auth.NONE, null, null), 400, "BAD_REQUEST"),
                row("matrix parameter on admin", new Case(HttpMethod.GET, "/api/admin;x=1/blacklist", Auth.NONE, null, null), 400, "BAD_REQUEST"),
                row("mixed-case admin prefix", new Case(HttpMethod.GET, "/api/ADMIN/blacklist", Auth.USER, null, null), 404, "NOT_FOUND"),
                row("mixed-case api prefix", new Case(HttpMethod.GET, "/API/admin/blacklist", Auth.NONE, null, null), 404, "NOT_FOUND"),
                row("mixed-case purchase prefix", new Case(HttpMethod.POST, "/api/Seckill/45/nopath", Auth.USER, null, null), 404, "NOT_FOUND"),
                row("hex blacklist id", new Case(HttpMethod.DELETE, "/api/admin/blacklist/0x10", Auth.ADMIN, null, null), 400, "BAD_REQUEST"),
                row("zero-padded blacklist id", new Case(HttpMethod.DELETE, "/api/admin/blacklist/0001", Auth.ADMIN, null, null), 400, "BAD_REQUEST"),
                row("zero-padded purchase activity", new Case(HttpMethod.POST, "/api/seckill/0045/nopath", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("blacklist reason of ideographic spaces", new Case(HttpMethod.POST, "/api/admin/blacklist", Auth.ADMIN, json, "{\"userId\":5,\"reason\":\"\u3000\u3000\"}"), 400, "BAD_REQUEST"),
                row("blacklist reason of a zero-width space", new Case(HttpMethod.POST, "/api/admin/blacklist", Auth.ADMIN, json, "{\"userId\":5,\"reason\":\"\u200b\"}"), 400, "BAD_REQUEST"),
                row("blacklist reason with a lone surrogate", new Case(HttpMethod.POST, "/api/admin/blacklist", Auth.ADMIN, json, "{\"userId\":5,\"reason\":\"spam\\ud800\"}"), 400, "BAD_REQUEST"),
                row("blacklist expiry in year 10000", new Case(HttpMethod.POST, "/api/admin/blacklist", Auth.ADMIN, json, "{\"userId\":5,\"reason\":\"spam\",\"expiresAt\":\"+10000-01-01T00:00:00Z\"}"), 400, "BAD_REQUEST"),
                row("blacklist expiry in year 1", new Case(HttpMethod.POST, "/api/admin/blacklist", Auth.ADMIN, json, "{\"userId\":5,\"reason\":\"spam\",\"expiresAt\":\"0001-01-01T00:00:00Z\"}"), 400, "BAD_REQUEST"),
                row("dot segments", new Case(HttpMethod.GET, "/api/seckill/../admin/activities/1/stats", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("encoded slash", new Case(HttpMethod.GET, "/api/orders/1%2F..%2F2", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("matrix parameter", new Case(HttpMethod.GET, "/api/orders/1;jsessionid=x", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("TRACE, refused by Spring Security's firewall", new Case(HttpMethod.TRACE, "/api/orders", Auth.USER, null, null), 400, "BAD_REQUEST"),
                row("bearer header that is no token", new Case(HttpMethod.GET, "/api/orders", Auth.MALFORMED_BEARER, null, null), 401, "UNAUTHENTICATED"),
                row("missing JWT", new Case(HttpMethod.GET, "/api/orders", Auth.NONE, null, null), 401, "UNAUTHENTICATED"),
                row("forged JWT", new Case(HttpMethod.GET, "/api/orders", Auth.FORGED, null, null), 401, "UNAUTHENTICATED"),
                row("expired JWT", new Case(HttpMethod.GET, "/api/orders", Auth.EXPIRED, null, null), 401, "UNAUTHENTICATED"),
                row("alg none JWT", new Case(HttpMethod.GET, "/api/orders", Auth.ALG_NONE, null, null), 401, "UNAUTHENTICATED"),
                row("HS512 JWT", new Case(HttpMethod.GET, "/api/orders", Auth.HS512, null, null), 401, "UNAUTHENTICATED"),
                row("JWT without sub", new Case(HttpMethod.GET, "/api/orders", Auth.NO_SUBJECT, null, null), 401, "UNAUTHENTICATED"),
                row("JWT without exp", new Case(HttpMethod.GET, "/api/orders", Auth.NO_EXPIRY, null, null), 401, "UNAUTHENTICATED"),
                row("garbage bearer", new Case(HttpMethod.GET, "/api/orders", Auth.GARBAGE, null, null), 401, "UNAUTHENTICATED"),
                row("purchase without JWT", new Case(HttpMethod.POST, "/api/seckill/5/somePath", Auth.NONE, null, null), 401, "UNAUTHENTICATED"),
                row("purchase with expired JWT", new Case(HttpMethod.POST, "/api/seckill/5/somePath", Auth.EXPIRED, null, null), 401, "UNAUTHENTICATED"),
                row("admin path as a shopper", new Case(HttpMethod.POST, "/api/admin/activities", Auth.USER, json, "{}"), 403, "FORBIDDEN"),
                row("blacklist admin as a shopper", new Case(HttpMethod.GET, "/api/admin/blacklist", Auth.USER, null, null), 403, "FORBIDDEN"),
                row("admin path with alg none", new Case(HttpMethod.GET, "/api/admin/activities/1/stats", Auth.ALG_NONE, null, null), 401, "UNAUTHENTICATED"),
                row("unknown API path", new Case(HttpMethod.GET, "/api/nothing", Auth.USER, null, null), 404, "NOT_FOUND"),
                row("wrong method on the gateway's endpoint", new Case(HttpMethod.GET, "/api/auth/demo-token", Auth.USER, null, null), 405, "METHOD_NOT_ALLOWED"));
    }

    @ParameterizedTest(name = "{0} -> {2} {3}")
    @MethodSource("badRequests")
    void badRequestIsRefusedWithItsExactCodeAndChangesNothing(String label, Case request, int status, String code) {
        Set<String> keysBefore = keysOtherThanRateLimits();
        long routedBefore = services.countRouted();

        WebTestClient.RequestBodySpec spec = web.method(request.method())
                // Sent exactly as written: the client must not normalise or re-encode the attack.
                .uri(URI.create("http://127.0.0.1:" + port + request.path()));
        String token = token(request.auth());
        if (token != null) {
            spec.headers(h -> h.setBearerAuth(token));
        }
        if (request.type() != null) {
            spec.contentType(request.type());
        }
        expectProblem(request.body() == null ? spec.exchange() : spec.bodyValue(request.body()).exchange(), status, code);

        assertThat(services.countRouted()).as("requests that reached a service").isEqualTo(routedBefore);
        // Keys of other suites may expire meanwhile; none may appear.
        assertThat(keysOtherThanRateLimits()).isSubsetOf(keysBefore);
    }

    private Set<String> keysOtherThanRateLimits() {
        return new TreeSet<>(redis.keys("*").filter(k -> !k.startsWith("seckill:rate:")).collectList().block());
    }

    private String token(Auth auth) {
        long userId = randomId();
        Instant now = Instant.now();
        Function<JWTClaimsSet.Builder, JWTClaimsSet> valid = b -> b.issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(Duration.ofHours(1)))).build();
        String secret = environment.getRequiredProperty("seckill.gateway.jwt.secret");
        return switch (auth) {
            case NONE -> null;
            case USER -> tokens.issue(userId, false);
            case ADMIN -> tokens.issue(userId, true);
            case FORGED -> sign(valid.apply(subject(userId).claim("roles", List.of("ADMIN"))), JWSAlgorithm.HS256,
                    "an-attackers-secret-of-at-least-thirty-two-bytes");
            case EXPIRED -> sign(subject(userId).issueTime(Date.from(now.minus(Duration.ofHours(2))))
                    .expirationTime(Date.from(now.minusSeconds(1))).build(), JWSAlgorithm.HS256, secret);
            case ALG_NONE -> Base64URL.encode("{\"alg\":\"none\",\"typ\":\"JWT\"}") + "."
                    + Base64URL.encode(valid.apply(subject(userId).claim("roles", List.of("ADMIN"))).toString()) + ".";
            case HS512 -> sign(valid.apply(subject(userId)), JWSAlgorithm.HS512, secret + secret);
            case NO_SUBJECT -> sign(valid.apply(new JWTClaimsSet.Builder()), JWSAlgorithm.HS256, secret);
            case NO_EXPIRY -> sign(subject(userId).issueTime(Date.from(now)).build(), JWSAlgorithm.HS256, secret);
            case GARBAGE -> "not.a.jwt";
            case MALFORMED_BEARER -> "two words";
        };
    }

    private static JWTClaimsSet.Builder subject(long userId) {
        return new JWTClaimsSet.Builder().subject(Long.toString(userId));
    }

    private static String sign(JWTClaimsSet claims, JWSAlgorithm algorithm, String secret) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader(algorithm), claims);
            jwt.sign(new MACSigner(secret.getBytes(StandardCharsets.UTF_8)));
            return jwt.serialize();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
