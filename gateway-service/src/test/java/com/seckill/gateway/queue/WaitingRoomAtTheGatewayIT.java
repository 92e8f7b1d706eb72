package com.seckill.gateway.queue;

import static com.seckill.gateway.GatewayTests.expectProblem;
import static com.seckill.gateway.GatewayTests.randomId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.seckill.common.queue.QueueDraw;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.trust.QueueTokens;
import com.seckill.common.web.Headers;
import com.seckill.gateway.auth.JwtTokens;
import com.seckill.gateway.overload.HeldService;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * contract §11: the poll of a shopper still waiting is answered by the gateway from the room's figures in Redis
 * and the join number its signed ticket carries, as seckill-service would answer it, without reaching it and without
 * being shed with the queue's tier, and a join once no unit is left is 410 at once; what needs the shopper's own
 * state (a join, a place served or about to be, a ticket not its own, figures gone) still goes to seckill-service.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class WaitingRoomAtTheGatewayIT {

    private static final int LIMIT = 3;
    private static final String SEED = "00112233445566778899aabbccddeeff";
    private static final long STARTED = 778_001;
    private static final long UPCOMING = 778_002;
    private static final Instant START = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private static final Instant LATER = START.plus(Duration.ofHours(1));
    private static final HeldService seckill = HeldService.answering(path -> 200);

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        seckill.catalog("[" + room(STARTED, START.minusSeconds(30), LATER) + "," + room(UPCOMING, LATER, LATER.plusSeconds(3_600)) + "]");
        seckill.standInForEveryService(registry);
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-user", () -> "0");
        registry.add("seckill.gateway.overload.initial-limit", () -> LIMIT);
        registry.add("seckill.gateway.overload.min-limit", () -> LIMIT);
        registry.add("seckill.gateway.overload.max-limit", () -> LIMIT);
        registry.add("seckill.gateway.waiting-rooms.refresh", () -> "200ms");
    }

    private static String room(long id, Instant start, Instant end) {
        return "{\"id\":" + id + ",\"startTime\":\"" + start + "\",\"endTime\":\"" + end + "\",\"waitingRoom\":{\"enabled\":true,"
                + "\"opensAt\":\"" + START.minusSeconds(600) + "\"}}";
    }

    @AfterAll
    static void stopServices() {
        seckill.stop();
    }

    @Autowired
    WebTestClient web;
    @Autowired
    JwtTokens tokens;
    @Autowired
    QueueTokens queue;
    @Autowired
    ReactiveStringRedisTemplate redis;
    @LocalServerPort
    int port;

    @AfterEach
    void forgetTheRooms() {
        seckill.releaseAll();
        for (long room : new long[] {STARTED, UPCOMING}) {
            redis.delete(SeckillKeys.queue(room), SeckillKeys.stock(room), SeckillKeys.queueMembers(room), SeckillKeys.users(room),
                    SeckillKeys.queueAdmitted(room), SeckillKeys.queueLeft(room)).block();
        }
    }

    /** A room of 300 drawn at the start, 500 joined, serving 20, 10 a second, {@code stock} units left. */
    private void started(long stock) {
        figures(STARTED, Map.of("rate", "10", "paused", "0", "seed", SEED, "joined", "500", "drawn", "300", "serving", "20"), stock);
    }

    private void figures(long activityId, Map<String, String> state, long stock) {
        redis.opsForHash().putAll(SeckillKeys.queue(activityId), state).block();
        redis.opsForValue().set(SeckillKeys.stock(activityId), Long.toString(stock)).block();
    }

    private static String path(long activityId) {
        return "/api/seckill/" + activityId + "/queue";
    }

    private WebTestClient.ResponseSpec poll(long activityId, long userId, String ticket) {
        return web.get().uri(path(activityId)).headers(h -> {
            h.setBearerAuth(tokens.issue(userId, false));
            if (ticket != null) {
                h.set(QueueTokens.TICKET_HEADER, ticket);
            }
        }).exchange();
    }

    /**
     * The shopper's poll, answered by the gateway with what {@code expected} checks, once it has read the room
     * as it is now (catalog and figures; a look may have read the room of the test before).
     */
    private void answeredByTheGateway(long activityId, long userId, long joinNumber, Consumer<WebTestClient.BodyContentSpec> expected) {
        String ticket = queue.ticket(activityId, userId, joinNumber);
        String path = path(activityId);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            int before = seckill.received(path);
            WebTestClient.BodyContentSpec body = poll(activityId, userId, ticket).expectStatus().isOk()
                    .expectHeader().doesNotExist(Headers.SOLD_OUT).expectBody().jsonPath("$.ticket").isEqualTo(ticket);
            expected.accept(body);
            assertThat(seckill.received(path)).as("answered without seckill-service").isEqualTo(before);
        });
    }

    /** Forwarded to seckill-service: it received the poll. */
    private void forwarded(long activityId, long userId, String ticket) {
        int before = seckill.received(path(activityId));
        poll(activityId, userId, ticket).expectStatus().isOk().expectBody().jsonPath("$.path").isEqualTo(path(activityId));
        assertThat(seckill.received(path(activityId))).isEqualTo(before + 1);
    }

    @Test
    void aShopperWhoJoinedAfterTheStartIsToldItsJoinNumberAsItsPlace() {
        started(50);
        answeredByTheGateway(STARTED, randomId(), 400, body -> body.jsonPath("$.status").isEqualTo("WAITING")
                .jsonPath("$.position").isEqualTo(400).jsonPath("$.serving").isEqualTo(20)
                .jsonPath("$.etaSeconds").isEqualTo(38) // 380 ahead at 10 a second
                .jsonPath("$.pollAfterMs").value(ms -> assertThat(((Number) ms).longValue()).isBetween(1_000L, 10_000L)));
    }

    @Test
    void aShopperWhoJoinedBeforeTheStartIsToldThePlaceTheSeedDrew() {
        started(50);
        long joinNumber = LongStream.rangeClosed(1, 300).filter(n -> QueueDraw.place(SEED, 300, n) > 200).findFirst().orElseThrow();
        answeredByTheGateway(STARTED, randomId(), joinNumber, body -> body.jsonPath("$.status").isEqualTo("WAITING")
                .jsonPath("$.position").isEqualTo((int) QueueDraw.place(SEED, 300, joinNumber)));
    }

    @Test
    void aPausedRoomSaysSo() {
        started(50);
        redis.opsForHash().put(SeckillKeys.queue(STARTED), "paused", "1").block();
        answeredByTheGateway(STARTED, randomId(), 450, body -> body.jsonPath("$.status").isEqualTo("PAUSED"));
    }

    @Test
    void beforeTheStartEveryoneIsAtTheBackOfTheQueueUntilTheDraw() {
        figures(UPCOMING, Map.of("rate", "10", "paused", "0", "seed", SEED, "joined", "42", "serving", "0"), 50);
        answeredByTheGateway(UPCOMING, randomId(), 7, body -> body.jsonPath("$.status").isEqualTo("WAITING")
                .jsonPath("$.position").isEqualTo(42).jsonPath("$.drawAt").isEqualTo(LATER.toString()));
    }

    @Test
    void justAfterTheStartUntilTheDrawIsSeenEveryoneIsAtTheBackAndAsksAgainSoon() {
        figures(STARTED, Map.of("rate", "10", "paused", "0", "seed", SEED, "joined", "42", "serving", "0"), 50);
        answeredByTheGateway(STARTED, randomId(), 7, body -> body.jsonPath("$.status").isEqualTo("WAITING")
                .jsonPath("$.position").isEqualTo(42).jsonPath("$.drawAt").isEqualTo(START.minusSeconds(30).toString())
                .jsonPath("$.pollAfterMs").value(ms -> assertThat(((Number) ms).longValue()).isBetween(1_000L, 3_000L)));
    }

    @Test
    void noUnitLeftIsSoldOutAtOnce() {
        started(50);
        long userId = randomId();
        answeredByTheGateway(STARTED, userId, 480, body -> body.jsonPath("$.position").isEqualTo(480));
        redis.opsForValue().set(SeckillKeys.stock(STARTED), "0").block();
        String ticket = queue.ticket(STARTED, userId, 480);
        int before = seckill.received(path(STARTED));
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> poll(STARTED, userId, ticket).expectStatus().isOk()
                .expectHeader().valueEquals(Headers.SOLD_OUT, "true").expectBody().jsonPath("$.status").isEqualTo("SOLD_OUT"));
        // a shopper who comes now is told at once that nothing is left, as seckill-service would
        expectProblem(join(STARTED, randomId(), null), 410, "SOLD_OUT");
        assertThat(seckill.received(path(STARTED))).isEqualTo(before);
    }

    private WebTestClient.ResponseSpec join(long activityId, long userId, String ticket) {
        return web.post().uri(path(activityId)).headers(h -> {
            h.setBearerAuth(tokens.issue(userId, false));
            if (ticket != null) {
                h.set(QueueTokens.TICKET_HEADER, ticket);
            }
        }).exchange();
    }

    @Test
    void aJoinTakesItsNumberAtSeckillServiceWhileUnitsAreLeft() {
        started(50);
        answeredByTheGateway(STARTED, randomId(), 450, body -> body.jsonPath("$.position").isEqualTo(450));
        int before = seckill.received(path(STARTED));
        join(STARTED, randomId(), null).expectStatus().isOk().expectBody().jsonPath("$.path").isEqualTo(path(STARTED));
        assertThat(seckill.received(path(STARTED))).isEqualTo(before + 1);
    }

    @Test
    void whatNeedsTheShoppersOwnStateGoesToSeckillService() {
        started(50);
        long userId = randomId();
        answeredByTheGateway(STARTED, userId, 450, body -> body.jsonPath("$.position").isEqualTo(450));
        long servedSoon = LongStream.rangeClosed(1, 300).filter(n -> QueueDraw.place(SEED, 300, n) <= 30).findFirst().orElseThrow();
        forwarded(STARTED, userId, queue.ticket(STARTED, userId, servedSoon)); // drawn at most 10 behind the serving position
        forwarded(STARTED, userId, queue.ticket(STARTED, userId + 1, 450)); // another shopper's ticket
        forwarded(STARTED, userId, queue.ticket(UPCOMING, userId, 450)); // another room's ticket
        forwarded(STARTED, userId, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"); // not a ticket
        forwarded(STARTED, userId, null); // no ticket: a page that lost it
    }

    @Test
    void figuresGoneFromRedisAreNoLongerUsed() {
        started(50);
        long userId = randomId();
        answeredByTheGateway(STARTED, userId, 450, body -> body.jsonPath("$.position").isEqualTo(450));
        redis.delete(SeckillKeys.queue(STARTED)).block();
        String ticket = queue.ticket(STARTED, userId, 450);
        String path = path(STARTED);
        await().atMost(Duration.ofSeconds(5)).until(() -> {
            int before = seckill.received(path);
            poll(STARTED, userId, ticket).expectStatus().isOk();
            return seckill.received(path) == before + 1;
        });
    }

    @Test
    void theWaitingAreAnsweredWhileTheQueuesTierIsFull() {
        started(50);
        long userId = randomId();
        answeredByTheGateway(STARTED, userId, 450, body -> body.jsonPath("$.position").isEqualTo(450));
        String path = path(STARTED);
        seckill.fillWith(port, LIMIT, client -> client.get().uri(path).headers(h -> h.setBearerAuth(tokens.issue(randomId(), false)))
                .retrieve().toBodilessEntity());
        int before = seckill.received(path);
        poll(STARTED, userId, queue.ticket(STARTED, userId, 450)).expectStatus().isOk().expectBody().jsonPath("$.position").isEqualTo(450);
        // premise: the tier is full, so a poll the gateway cannot answer is shed
        poll(STARTED, randomId(), null).expectStatus().isEqualTo(503);
        assertThat(seckill.received(path)).isEqualTo(before);
    }
}
