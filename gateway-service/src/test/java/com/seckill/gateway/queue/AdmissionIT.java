package com.seckill.gateway.queue;

import static com.seckill.gateway.GatewayTests.expectProblem;
import static com.seckill.gateway.GatewayTests.randomId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.seckill.common.trust.QueueTokens;
import com.seckill.gateway.auth.JwtTokens;
import com.seckill.gateway.overload.HeldService;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * contract §11: on an activity with a waiting room (as seckill-service's catalog says), a path asked
 * for without an admission, with a forged one, with another shopper's or another activity's, or with an
 * expired one is 403 NOT_ADMITTED at the gateway, and nothing reaches seckill-service; a valid one is
 * routed. Activities without a waiting room are not checked.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AdmissionIT {

    private static final long ROOM = 777_001;
    private static final long CAPTCHA = 777_003;
    private static final long CLOSING = 777_004;
    private static final String CATALOG = "[{\"id\":" + ROOM + ",\"waitingRoom\":{\"enabled\":true}},{\"id\":777002},"
            + "{\"id\":" + CAPTCHA + "},{\"id\":" + CLOSING + ",\"waitingRoom\":{\"enabled\":true}}]";
    /** The captcha activity's paths are refused 403 (BAD_CAPTCHA) by seckill-service, like NOT_ADMITTED's status. */
    private static final HeldService seckill = HeldService.answering(path -> path.equals(tokenPath(CAPTCHA)) ? 403 : 200);

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        seckill.catalog(CATALOG);
        seckill.standInForEveryService(registry);
        registry.add("seckill.gateway.rate-limit.per-ip", () -> "0");
        registry.add("seckill.gateway.rate-limit.per-user", () -> "0");
        registry.add("seckill.gateway.waiting-rooms.refresh", () -> "200ms");
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

    private static String tokenPath(long activityId) {
        return "/api/seckill/" + activityId + "/token";
    }

    private WebTestClient.ResponseSpec askForPath(long activityId, long userId, String admission) {
        return web.post().uri("/api/seckill/" + activityId + "/token").headers(h -> {
            h.setBearerAuth(tokens.issue(userId, false));
            if (admission != null) {
                h.set(QueueTokens.ADMISSION_HEADER, admission);
            }
        }).exchange();
    }

    @Test
    void onlyAValidAdmissionOfThisShopperForThisActivityIsRouted() {
        long userId = randomId();
        String path = tokenPath(ROOM);
        // the catalog is read every 200 ms here: until then the gateway does not know the room
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> expectProblem(askForPath(ROOM, userId, null), 403, "NOT_ADMITTED"));
        int before = seckill.received(path);

        expectProblem(askForPath(ROOM, userId, null), 403, "NOT_ADMITTED");
        expectProblem(askForPath(ROOM, userId, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), 403, "NOT_ADMITTED");
        expectProblem(askForPath(ROOM, userId, queue.admission(ROOM, userId + 1, Instant.now().plusSeconds(60))), 403, "NOT_ADMITTED");
        expectProblem(askForPath(ROOM, userId, queue.admission(ROOM + 1, userId, Instant.now().plusSeconds(60))), 403, "NOT_ADMITTED");
        expectProblem(askForPath(ROOM, userId, queue.admission(ROOM, userId, Instant.now().minusSeconds(1))), 403, "NOT_ADMITTED");
        assertThat(seckill.received(path)).as("nothing reached seckill-service").isEqualTo(before);

        askForPath(ROOM, userId, queue.admission(ROOM, userId, Instant.now().plusSeconds(60))).expectStatus().isOk();
        assertThat(seckill.received(path)).isEqualTo(before + 1);
    }

    @Test
    void anActivityWithoutAWaitingRoomNeedsNoAdmission() {
        askForPath(777_002, randomId(), null).expectStatus().isOk();
    }

    @Test
    void aRefusalWithTheSameStatusDoesNotMakeAnActivityAWaitingRoom() {
        long userId = randomId();
        int before = seckill.received(tokenPath(CAPTCHA));
        // refused 403 by seckill-service, then catalog reads in between: the paths still reach it without an admission
        for (int i = 0; i < 3; i++) {
            askForPath(CAPTCHA, userId, null).expectStatus().isForbidden();
            int reads = seckill.catalogReads();
            await().atMost(Duration.ofSeconds(10)).until(() -> seckill.catalogReads() >= reads + 2);
        }
        assertThat(seckill.received(tokenPath(CAPTCHA))).isEqualTo(before + 3);
    }

    @Test
    void aWaitingRoomGoneFromTheCatalogIsNoLongerGuarded() {
        long userId = randomId();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> expectProblem(askForPath(CLOSING, userId, null), 403, "NOT_ADMITTED"));
        seckill.catalog(CATALOG.replace("{\"id\":" + CLOSING + ",\"waitingRoom\":{\"enabled\":true}}", "{\"id\":" + CLOSING + "}"));
        try {
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> askForPath(CLOSING, userId, null).expectStatus().isOk());
            expectProblem(askForPath(ROOM, userId, null), 403, "NOT_ADMITTED");
        } finally {
            seckill.catalog(CATALOG);
        }
    }
}
