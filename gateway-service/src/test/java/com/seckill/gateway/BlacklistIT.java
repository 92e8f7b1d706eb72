package com.seckill.gateway;

import static com.seckill.gateway.GatewayTests.expectProblem;
import static com.seckill.gateway.GatewayTests.randomAddress;
import static com.seckill.gateway.GatewayTests.randomId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.gateway.redis.GatewayKeys;
import com.seckill.common.test.TestInfra;
import com.seckill.gateway.auth.JwtTokens;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/** The deny list through the gateway's admin API, against real Redis. 127.0.0.1 is a trusted proxy here. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BlacklistIT {

    private static final EchoService services = EchoService.start();
    private static final Duration WITHIN_A_SECOND = Duration.ofSeconds(1);
    private static final Duration RESYNC = Duration.ofSeconds(2);

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        GatewayTests.wire(registry, services);
        registry.add("seckill.gateway.trusted-proxies", () -> "127.0.0.1,::1");
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-user", () -> "0");
        registry.add("seckill.gateway.cors.allowed-origins", () -> "https://shop.example");
        registry.add("seckill.gateway.blacklist.resync", RESYNC::toString);
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
    ObjectMapper json;

    private String adminToken() {
        return tokens.issue(randomId(), true);
    }

    private WebTestClient.ResponseSpec add(String body) {
        return web.post().uri("/api/admin/blacklist").headers(h -> h.setBearerAuth(adminToken()))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    private long added(String body) throws Exception {
        byte[] answer = add(body).expectStatus().isCreated().expectBody().returnResult().getResponseBodyContent();
        return json.readTree(answer).get("id").asLong();
    }

    private void remove(long id) {
        web.delete().uri("/api/admin/blacklist/" + id).headers(h -> h.setBearerAuth(adminToken())).exchange()
                .expectStatus().isNoContent();
    }

    private int ordersStatus(String token, String address) {
        return web.get().uri("/api/orders").header("X-Forwarded-For", address).headers(h -> {
            if (token != null) {
                h.setBearerAuth(token);
            }
        }).exchange().expectBody().returnResult().getStatus().value();
    }

    @Test
    void blacklistedUserIsBlockedWithinASecondAndAccessReturnsWhenRemoved() throws Exception {
        long userId = randomId();
        String token = tokens.issue(userId, false);
        String address = randomAddress();
        assertThat(ordersStatus(token, address)).isEqualTo(200);

        long id = added("{\"userId\":" + userId + ",\"reason\":\"scalper bot\"}");
        await().atMost(WITHIN_A_SECOND).pollInterval(Duration.ofMillis(50)).until(() -> ordersStatus(token, address) == 403);
        long routedBefore = services.countUnder("/api/orders");
        expectProblem(web.get().uri("/api/orders").headers(h -> h.setBearerAuth(token)).exchange(), 403, "BLOCKED");
        expectProblem(web.post().uri("/api/seckill/" + randomId() + "/anyPath").headers(h -> h.setBearerAuth(token))
                .exchange(), 403, "BLOCKED");
        assertThat(services.countUnder("/api/orders")).isEqualTo(routedBefore);
        assertThat(ordersStatus(tokens.issue(randomId(), false), address)).isEqualTo(200);

        remove(id);
        await().atMost(WITHIN_A_SECOND).pollInterval(Duration.ofMillis(50)).until(() -> ordersStatus(token, address) == 200);
    }

    /** What another gateway instance's add does: the row in MySQL, then the entry and the version in the copy. */
    private long addedByAnotherInstance(long userId) throws Exception {
        long id;
        try (Connection c = TestInfra.connection();
             PreparedStatement insert = c.prepareStatement("INSERT INTO blacklist (user_id, reason, created_by) VALUES (?, 'other instance', 1)",
                     Statement.RETURN_GENERATED_KEYS)) {
            insert.setLong(1, userId);
            insert.executeUpdate();
            try (ResultSet keys = insert.getGeneratedKeys()) {
                keys.next();
                id = keys.getLong(1);
            }
        }
        String entry = "{\"id\":" + id + ",\"userId\":" + userId + ",\"reason\":\"other instance\",\"createdAt\":\""
                + Instant.now() + "\",\"createdBy\":1}";
        redis.opsForHash().put(GatewayKeys.blacklist(), Long.toString(id), entry).block();
        redis.opsForValue().increment(GatewayKeys.blacklistVersion()).block();
        return id;
    }

    private static long rows(String sql) throws Exception {
        try (Connection c = TestInfra.connection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void entryWrittenByAnotherInstanceAppliesHereWithinASecond() throws Exception {
        long userId = randomId();
        String token = tokens.issue(userId, false);

        long id = addedByAnotherInstance(userId);

        await().atMost(WITHIN_A_SECOND).pollInterval(Duration.ofMillis(50)).until(() -> ordersStatus(token, randomAddress()) == 403);
        remove(id);
    }

    @Test
    void afterRedisLostTheCopyItIsRebuiltFromMysqlAndLaterChangesStillApplyWithinASecond() throws Exception {
        long early = randomId();
        long late = randomId();
        String earlyToken = tokens.issue(early, false);
        String lateToken = tokens.issue(late, false);
        long earlyId = added("{\"userId\":" + early + ",\"reason\":\"before the crash\"}");
        await().atMost(WITHIN_A_SECOND).pollInterval(Duration.ofMillis(50)).until(() -> ordersStatus(earlyToken, randomAddress()) == 403);

        // Redis restarted empty: the copy and its version are gone
        redis.delete(GatewayKeys.blacklist(), GatewayKeys.blacklistVersion()).block();

        await().atMost(WITHIN_A_SECOND).pollInterval(Duration.ofMillis(50))
                .until(() -> Boolean.TRUE.equals(redis.opsForHash().hasKey(GatewayKeys.blacklist(), Long.toString(earlyId)).block()));
        assertThat(ordersStatus(earlyToken, randomAddress())).as("MySQL kept it").isEqualTo(403);
        long lateId = addedByAnotherInstance(late);
        await().atMost(WITHIN_A_SECOND).pollInterval(Duration.ofMillis(50)).until(() -> ordersStatus(lateToken, randomAddress()) == 403);
        remove(earlyId);
        remove(lateId);
    }

    @Test
    void aVersionThatWentBackwardsStillReloads() throws Exception {
        long userId = randomId();
        String token = tokens.issue(userId, false);
        added("{\"userId\":" + randomId() + ",\"reason\":\"raise the version\"}");
        long id = addedByAnotherInstance(userId);
        await().atMost(WITHIN_A_SECOND).pollInterval(Duration.ofMillis(50)).until(() -> ordersStatus(token, randomAddress()) == 403);
        remove(id);
        await().atMost(WITHIN_A_SECOND).pollInterval(Duration.ofMillis(50)).until(() -> ordersStatus(token, randomAddress()) == 200);

        // a restarted counter, lower than what this instance saw, while the copy says the user is blocked again
        long again = addedByAnotherInstance(userId);
        redis.opsForValue().set(GatewayKeys.blacklistVersion(), "1").block();
        await().atMost(WITHIN_A_SECOND).pollInterval(Duration.ofMillis(50)).until(() -> ordersStatus(token, randomAddress()) == 403);
        remove(again);
    }

    @Test
    void anEntryOnlyMysqlHoldsReachesTheCopyAtTheNextResync() throws Exception {
        long userId = randomId();
        String token = tokens.issue(userId, false);
        long id;
        try (Connection c = TestInfra.connection();
             PreparedStatement insert = c.prepareStatement("INSERT INTO blacklist (user_id, reason, created_by) VALUES (?, 'redis write failed', 1)",
                     Statement.RETURN_GENERATED_KEYS)) {
            insert.setLong(1, userId);
            insert.executeUpdate();
            try (ResultSet keys = insert.getGeneratedKeys()) {
                keys.next();
                id = keys.getLong(1);
            }
        }

        await().atMost(RESYNC.plusSeconds(2)).pollInterval(Duration.ofMillis(100)).until(() -> ordersStatus(token, randomAddress()) == 403);
        remove(id);
    }

    @Test
    void blacklistedAddressIsRefusedBeforeItsTokenIsLookedAt() throws Exception {
        String address = randomAddress();
        long id = added("{\"ip\":\"" + address + "\",\"reason\":\"credential stuffing\"}");

        expectProblem(web.get().uri("/api/orders").header("X-Forwarded-For", address).exchange(), 403, "BLOCKED");
        expectProblem(web.get().uri("/api/activities").header("X-Forwarded-For", address).exchange(), 403, "BLOCKED");
        expectProblem(web.post().uri("/api/auth/demo-token").header("X-Forwarded-For", address)
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"userId\":5}").exchange(), 403, "BLOCKED");
        assertThat(ordersStatus(tokens.issue(randomId(), false), randomAddress())).isEqualTo(200);

        remove(id);
        assertThat(ordersStatus(tokens.issue(randomId(), false), address)).isEqualTo(200);
    }

    @Test
    void ipv6AddressesAreMatchedInTheirCanonicalForm() throws Exception {
        long id = added("{\"ip\":\"2001:DB8:0:0:0:0:0:7\",\"reason\":\"test\"}");

        expectProblem(web.get().uri("/api/activities").header("X-Forwarded-For", "2001:db8::7").exchange(), 403, "BLOCKED");
        remove(id);
    }

    @Test
    void entryStopsApplyingAtItsExpiryAndIsPurged() throws Exception {
        long userId = randomId();
        String token = tokens.issue(userId, false);
        Instant expiry = Instant.now().plusMillis(1500);
        long id = added("{\"userId\":" + userId + ",\"reason\":\"cool-off\",\"expiresAt\":\"" + expiry + "\"}");

        assertThat(ordersStatus(token, randomAddress())).isEqualTo(403);
        await().atMost(Duration.ofSeconds(4)).pollInterval(Duration.ofMillis(100))
                .until(() -> ordersStatus(token, randomAddress()) == 200);
        assertThat(Instant.now()).isAfterOrEqualTo(expiry);
        await().atMost(Duration.ofSeconds(3)).until(() -> !listedIds().contains("\"id\":" + id + ","));
    }

    private String listedIds() {
        return web.get().uri("/api/admin/blacklist").headers(h -> h.setBearerAuth(adminToken())).exchange()
                .expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
    }

    @Test
    void addedEntryIsListedWithItsDetailsAndRemovedOnce() throws Exception {
        long userId = randomId();
        long id = added("{\"userId\":" + userId + ",\"ip\":\"203.0.113.9\",\"reason\":\" resale ring \"}");

        JsonNode listed = null;
        for (JsonNode entry : json.readTree(listedIds())) {
            if (entry.get("id").asLong() == id) {
                listed = entry;
            }
        }
        assertThat(listed).isNotNull();
        assertThat(listed.get("userId").asLong()).isEqualTo(userId);
        assertThat(listed.get("ip").asText()).isEqualTo("203.0.113.9");
        assertThat(listed.get("reason").asText()).isEqualTo("resale ring");
        assertThat(listed.has("createdAt")).isTrue();

        remove(id);
        expectProblem(web.delete().uri("/api/admin/blacklist/" + id).headers(h -> h.setBearerAuth(adminToken())).exchange(),
                404, "NOT_FOUND");
    }

    static Stream<Arguments> badEntries() {
        return Stream.of(
                Arguments.of("garbage JSON", "{not json"),
                Arguments.of("neither user nor address", "{\"reason\":\"x\"}"),
                Arguments.of("missing reason", "{\"userId\":5}"),
                Arguments.of("blank reason", "{\"userId\":5,\"reason\":\"  \"}"),
                Arguments.of("reason too long", "{\"userId\":5,\"reason\":\"" + "r".repeat(201) + "\"}"),
                Arguments.of("unknown field", "{\"userId\":5,\"reason\":\"x\",\"admin\":true}"),
                Arguments.of("negative user", "{\"userId\":-5,\"reason\":\"x\"}"),
                Arguments.of("zero user", "{\"userId\":0,\"reason\":\"x\"}"),
                Arguments.of("non-numeric user", "{\"userId\":\"abc\",\"reason\":\"x\"}"),
                Arguments.of("user beyond Long", "{\"userId\":99999999999999999999,\"reason\":\"x\"}"),
                Arguments.of("fractional user", "{\"userId\":5.5,\"reason\":\"x\"}"),
                Arguments.of("address out of range", "{\"ip\":\"999.1.1.1\",\"reason\":\"x\"}"),
                Arguments.of("host name for address", "{\"ip\":\"example.com\",\"reason\":\"x\"}"),
                Arguments.of("CIDR for address", "{\"ip\":\"10.0.0.0/8\",\"reason\":\"x\"}"),
                Arguments.of("SQL for address", "{\"ip\":\"1' OR '1'='1\",\"reason\":\"x\"}"),
                Arguments.of("expiry in the past", "{\"userId\":5,\"reason\":\"x\",\"expiresAt\":\"2020-01-01T00:00:00Z\"}"),
                Arguments.of("expiry not a time", "{\"userId\":5,\"reason\":\"x\",\"expiresAt\":\"tomorrow\"}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badEntries")
    void badEntryIsABadRequestAndStoresNothing(String label, String body) throws Exception {
        long rowsBefore = rows("SELECT COUNT(*) FROM blacklist");

        expectProblem(add(body), 400, "BAD_REQUEST");

        assertThat(rows("SELECT COUNT(*) FROM blacklist")).isEqualTo(rowsBefore);
    }

    @Test
    void wrongContentTypeAndBadIdsAreRefused() {
        expectProblem(web.post().uri("/api/admin/blacklist").headers(h -> h.setBearerAuth(adminToken()))
                .contentType(MediaType.TEXT_PLAIN).bodyValue("userId=5").exchange(), 415, "UNSUPPORTED_MEDIA_TYPE");
        for (String id : new String[] {"abc", "-1", "0", "99999999999999999999", "1%20OR%201=1"}) {
            expectProblem(web.delete().uri("/api/admin/blacklist/" + id).headers(h -> h.setBearerAuth(adminToken()))
                    .exchange(), 400, "BAD_REQUEST");
        }
    }

    @Test
    void onlyAdminsManageTheList() {
        String shopper = tokens.issue(randomId(), false);
        expectProblem(web.get().uri("/api/admin/blacklist").headers(h -> h.setBearerAuth(shopper)).exchange(), 403, "FORBIDDEN");
        expectProblem(web.post().uri("/api/admin/blacklist").headers(h -> h.setBearerAuth(shopper))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"userId\":5,\"reason\":\"x\"}").exchange(), 403, "FORBIDDEN");
        expectProblem(web.delete().uri("/api/admin/blacklist/1").exchange(), 401, "UNAUTHENTICATED");
    }

    @Test
    void configuredOriginMayCallTheApiAndOthersMayNot() {
        web.options().uri("/api/orders").header("Origin", "https://shop.example")
                .header("Access-Control-Request-Method", "GET").header("Access-Control-Request-Headers", "Authorization")
                .exchange()
                .expectStatus().isOk()
                .expectHeader().valueEquals("Access-Control-Allow-Origin", "https://shop.example");
        web.options().uri("/api/orders").header("Origin", "https://evil.example")
                .header("Access-Control-Request-Method", "GET")
                .exchange()
                .expectStatus().isForbidden()
                .expectHeader().doesNotExist("Access-Control-Allow-Origin");
    }
}
