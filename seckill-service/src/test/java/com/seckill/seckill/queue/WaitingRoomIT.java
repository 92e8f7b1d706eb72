package com.seckill.seckill.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.common.trust.QueueTokens;
import com.seckill.seckill.SeckillServiceIT;
import com.seckill.web.test.Callers;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.RequestBuilder;

/**
 * contract §11 on the real Redis and MariaDB: a fair start (places drawn for who joined before it,
 * join order after), admission at the rate with a signed admission the path endpoint demands, pause,
 * SOLD_OUT for everyone once the stock is gone, places kept through a Redis that lost them, and the
 * operators' actions in the audit log.
 */
class WaitingRoomIT extends SeckillServiceIT {

    @Autowired
    MockMvc mvc;
    @Autowired
    ObjectMapper json;
    @Autowired
    StringRedisTemplate redis;

    record Answer(int status, JsonNode body) {
    }

    private Answer call(RequestBuilder request) throws Exception {
        MockHttpServletResponse response = mvc.perform(request).andReturn().getResponse();
        String text = response.getContentAsString();
        return new Answer(response.getStatus(), text.isEmpty() ? json.nullNode() : json.readTree(text));
    }

    private long createActivity(int stock, Instant start, int rate) throws Exception {
        return createActivity(stock, start, rate, 600);
    }

    private long createActivity(int stock, Instant start, int rate, int opensBeforeSeconds) throws Exception {
        String body = """
                {"goodsId":%d,"goodsName":"Queued phone","price":9.50,"stock":%d,"startTime":"%s","endTime":"%s","captchaRequired":false,
                 "waitingRoom":{"enabled":true,"admissionPerSecond":%d,"opensBeforeSeconds":%d,"admissionSeconds":30}}
                """.formatted(uniqueId(), stock, start, start.plus(Duration.ofHours(1)), rate, opensBeforeSeconds);
        Answer created = call(post("/api/admin/activities").contentType(MediaType.APPLICATION_JSON).content(body).with(Callers.admin(7)));
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
        assertThat(created.body().path("waitingRoom").path("admissionPerSecond").asInt()).isEqualTo(rate);
        return created.body().get("id").asLong();
    }

    private Answer join(long activityId, long userId) throws Exception {
        return call(post("/api/seckill/{id}/queue", activityId).with(Callers.user(userId)));
    }

    private Answer poll(long activityId, long userId, String ticket) throws Exception {
        var request = get("/api/seckill/{id}/queue", activityId).with(Callers.user(userId));
        if (ticket != null) {
            request.header(QueueTokens.TICKET_HEADER, ticket);
        }
        return call(request);
    }

    private static double spearman(List<Long> places) {
        int n = places.size();
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double d = (i + 1) - places.get(i);
            sum += d * d;
        }
        return 1 - 6 * sum / ((double) n * ((double) n * n - 1));
    }

    @Test
    void aQueueOpenLongBeforeTheWarmUpWindowTakesShoppersAtOnce() throws Exception {
        // the warm-up window is 10 minutes: this queue opens 2 hours before a start an hour away
        long activityId = createActivity(50, Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS), 10, 7_200);
        Answer joined = join(activityId, uniqueId());
        assertThat(joined.status()).as(joined.body().toString()).isEqualTo(200);
        assertThat(joined.body().path("status").asText()).isEqualTo("WAITING");
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).as("its stock is in Redis").isEqualTo("50");
    }

    @Test
    void earlyShoppersAreDrawnLateOnesQueueInOrderAndTheAdmittedGetAPath() throws Exception {
        // 300 joins must all come before the start, also on a loaded machine (3 s was too short for one)
        Instant start = Instant.now().plusSeconds(8).truncatedTo(ChronoUnit.SECONDS);
        long activityId = createActivity(1000, start, 40);
        long first = uniqueId();
        List<Long> early = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            early.add(first + i);
            Answer joined = join(activityId, first + i);
            assertThat(joined.status()).as(joined.body().toString()).isEqualTo(200);
            assertThat(joined.body().path("status").asText()).isEqualTo("WAITING");
            assertThat(joined.body().path("position").asLong()).as("the back, till the draw").isEqualTo(i + 1);
            assertThat(joined.body().path("drawAt").asText()).isEqualTo(start.toString());
        }
        Answer beforeTheDraw = call(get("/api/admin/activities/{id}/queue/draw", activityId).with(Callers.admin(8)));
        assertThat(beforeTheDraw.status()).as(beforeTheDraw.body().toString()).isEqualTo(200);
        assertThat(beforeTheDraw.body().path("drawn").isNull()).as("nothing drawn before the start").isTrue();
        assertThat(beforeTheDraw.body().path("places")).isEmpty();
        assertThat(join(activityId, first).body().path("position").asLong()).as("joining again is the same place").isEqualTo(300);
        // no admission while the places are read: on a slow machine the shoppers read last would otherwise be
        // admitted already (no place shown) more often than those read first, which reads as a correlation
        setPaused(activityId, true);

        await().atMost(Duration.ofSeconds(20)).until(() -> redis.opsForHash().hasKey(SeckillKeys.queue(activityId), "drawn"));
        List<Long> places = new ArrayList<>();
        for (long userId : early) {
            JsonNode answer = poll(activityId, userId, null).body();
            places.add(answer.path("status").asText().equals("ADMITTED") ? -1 : answer.path("position").asLong());
        }
        List<Long> drawn = places.stream().filter(p -> p > 0).toList();
        assertThat(drawn).doesNotHaveDuplicates().allMatch(p -> p >= 1 && p <= 300);
        assertThat(Math.abs(spearman(places.stream().map(p -> p < 0 ? 0 : p).toList()))).as("join order vs place").isLessThan(0.25);
        assertTheDrawListsEveryEarlyShopperAtThePlaceTheyWereTold(activityId, early, places);

        List<Long> late = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            late.add(join(activityId, first + 1000 + i).body().path("position").asLong());
        }
        assertThat(late).as("after the start: first come, first served, behind the drawn").isSorted().doesNotHaveDuplicates()
                .allMatch(p -> p > 300);
        setPaused(activityId, false);

        long shopper = early.get(0);
        await().atMost(Duration.ofSeconds(20)).until(() -> poll(activityId, shopper, null).body().path("status").asText().equals("ADMITTED"));
        JsonNode admitted = poll(activityId, shopper, null).body();
        String admission = admitted.path("admission").asText();
        assertThat(admitted.path("expiresInSeconds").asLong()).isBetween(1L, 30L);

        Answer without = call(post("/api/seckill/{id}/token", activityId).with(Callers.user(shopper)));
        assertThat(without.status()).isEqualTo(403);
        assertThat(without.body().path("code").asText()).isEqualTo("NOT_ADMITTED");
        Answer someoneElses = call(post("/api/seckill/{id}/token", activityId).with(Callers.user(shopper + 1))
                .header(QueueTokens.ADMISSION_HEADER, admission));
        assertThat(someoneElses.body().path("code").asText()).isEqualTo("NOT_ADMITTED");
        Answer path = call(post("/api/seckill/{id}/token", activityId).with(Callers.user(shopper)).header(QueueTokens.ADMISSION_HEADER, admission));
        assertThat(path.status()).as(path.body().toString()).isEqualTo(200);
        Answer bought = call(post("/api/seckill/{id}/{path}", activityId, path.body().get("path").asText()).with(Callers.user(shopper)));
        assertThat(bought.status()).as(bought.body().toString()).isEqualTo(202);
        assertThat(join(activityId, shopper).status()).as("holds a unit").isEqualTo(409);
    }

    @Test
    void aPausedQueueAdmitsNobodyAndEveryActionIsAudited() throws Exception {
        long activityId = createActivity(100, Instant.now().minusSeconds(1).truncatedTo(ChronoUnit.SECONDS), 5);
        long first = uniqueId();
        for (int i = 0; i < 50; i++) {
            join(activityId, first + i);
        }
        Answer paused = call(put("/api/admin/activities/{id}/queue", activityId).contentType(MediaType.APPLICATION_JSON)
                .content("{\"paused\":true}").with(Callers.admin(8)));
        assertThat(paused.status()).as(paused.body().toString()).isEqualTo(200);
        long serving = paused.body().path("serving").asLong();
        assertThat(paused.body().path("paused").asBoolean()).isTrue();
        assertThat(paused.body().path("seed").asText()).hasSize(32);

        await().pollDelay(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(5)).until(() -> true);
        Answer still = call(get("/api/admin/activities/{id}/queue", activityId).with(Callers.admin(8)));
        assertThat(still.body().path("serving").asLong()).as("no admission while paused").isEqualTo(serving);
        assertThat(poll(activityId, first + 49, null).body().path("status").asText()).isEqualTo("PAUSED");

        call(put("/api/admin/activities/{id}/queue", activityId).contentType(MediaType.APPLICATION_JSON)
                .content("{\"paused\":false,\"admissionPerSecond\":500}").with(Callers.admin(8)));
        await().atMost(Duration.ofSeconds(10)).until(() -> call(get("/api/admin/activities/{id}/queue", activityId)
                .with(Callers.admin(8))).body().path("serving").asLong() >= 50);

        JsonNode audit = call(get("/api/admin/activities/audit").with(Callers.admin(8))).body();
        List<String> actions = new ArrayList<>();
        audit.forEach(entry -> {
            if (entry.path("activityId").asLong() == activityId) {
                actions.add(entry.path("action").asText() + " by " + entry.path("actorId").asLong());
            }
        });
        assertThat(actions).contains("activity.create by 7", "queue.pause by 8", "queue.rate by 8");
        assertThat(audit.get(0).path("at").asText()).isNotEmpty();
    }

    @Test
    void onceTheStockIsGoneEveryoneWaitingHearsSoldOutAndJoinsAre410() throws Exception {
        long activityId = createActivity(5, Instant.now().minusSeconds(1).truncatedTo(ChronoUnit.SECONDS), 1);
        long first = uniqueId();
        for (int i = 0; i < 10; i++) {
            join(activityId, first + i);
        }
        redis.opsForValue().set(SeckillKeys.stock(activityId), "0");

        assertThat(poll(activityId, first + 9, null).body().path("status").asText()).isEqualTo("SOLD_OUT");
        Answer late = join(activityId, first + 100);
        assertThat(late.status()).isEqualTo(410);
        assertThat(late.body().path("code").asText()).isEqualTo("SOLD_OUT");

        redis.opsForValue().set(SeckillKeys.stock(activityId), "1"); // a unit came back
        assertThat(poll(activityId, first + 9, null).body().path("status").asText()).isIn("WAITING", "ADMITTED");
    }

    @Test
    void anOpenStreamIsToldSoldOutWithinTheCheckAfterTheLastUnitNotAtItsNextLook() throws Exception {
        long activityId = createActivity(5, Instant.now().minusSeconds(1).truncatedTo(ChronoUnit.SECONDS), 1);
        long first = uniqueId();
        for (int i = 0; i < 10; i++) {
            join(activityId, first + i);
        }
        MockHttpServletResponse stream = mvc.perform(get("/api/seckill/{id}/queue/events", activityId).with(Callers.user(first + 9)))
                .andReturn().getResponse();
        await().atMost(Duration.ofSeconds(5)).until(() -> stream.getContentAsString().contains("\"WAITING\""));
        java.util.regex.Matcher pollAfter = java.util.regex.Pattern.compile("\"pollAfterMs\":(\\d+)").matcher(stream.getContentAsString());
        assertThat(pollAfter.find()).isTrue();
        // premise: far back (5 units for 9 ahead at 1 a second), its own next look is at least 3 s away
        assertThat(Long.parseLong(pollAfter.group(1))).isGreaterThanOrEqualTo(3_000);

        redis.opsForValue().set(SeckillKeys.stock(activityId), "0");
        await().atMost(Duration.ofSeconds(2)).until(() -> stream.getContentAsString().contains("\"SOLD_OUT\""));
    }

    @Test
    void aPlaceSurvivesARedisThatLostTheQueueThroughItsTicket() throws Exception {
        long activityId = createActivity(100, Instant.now().plusSeconds(600).truncatedTo(ChronoUnit.SECONDS), 10);
        long first = uniqueId();
        String ticket = null;
        for (int i = 0; i < 5; i++) {
            ticket = join(activityId, first + i).body().path("ticket").asText();
        }
        redis.delete(List.of(SeckillKeys.queue(activityId), SeckillKeys.queueMembers(activityId)));

        Answer restored = poll(activityId, first + 4, ticket);
        assertThat(restored.status()).as(restored.body().toString()).isEqualTo(200);
        assertThat(restored.body().path("position").asLong()).isEqualTo(5);
        assertThat(poll(activityId, first + 3, ticket).status()).as("a ticket is its shopper's only").isEqualTo(404);
        assertThat(join(activityId, first + 100).body().path("position").asLong()).as("the next joins behind").isEqualTo(6);
    }

    @Test
    void theQueueOfAnActivityWithoutOneIsNotFoundAndBeforeItOpensIsNotStarted() throws Exception {
        String plain = """
                {"goodsId":1,"goodsName":"Plain","price":1.00,"stock":1,"startTime":"%s","endTime":"%s"}
                """.formatted(Instant.now().plusSeconds(60), Instant.now().plusSeconds(3600));
        long plainId = call(post("/api/admin/activities").contentType(MediaType.APPLICATION_JSON).content(plain).with(Callers.admin(7)))
                .body().get("id").asLong();
        assertThat(join(plainId, uniqueId()).status()).isEqualTo(404);

        Instant start = Instant.now().plus(Duration.ofHours(2)).truncatedTo(ChronoUnit.SECONDS);
        long later = createActivity(10, start, 10);
        Answer early = join(later, uniqueId());
        assertThat(early.status()).isEqualTo(403);
        assertThat(early.body().path("code").asText()).isEqualTo("NOT_STARTED");
        assertThat(early.body().path("opensAt").asText()).isEqualTo(start.minusSeconds(600).toString());
    }

    @Test
    void anAdmissionRunOutUnusedIsGoneForGoodItsOldTicketGivesNoPlaceBack() throws Exception {
        long activityId = createActivity(100, Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS), 50);
        long shopper = uniqueId();
        String ticket = join(activityId, shopper).body().path("ticket").asText();
        String member = String.valueOf(shopper);
        long place = Long.parseLong(String.valueOf(redis.opsForHash().get(SeckillKeys.queueMembers(activityId), member)));
        await().atMost(Duration.ofSeconds(20)).until(() -> poll(activityId, shopper, ticket).body().path("status").asText()
                .equals("ADMITTED"));
        // the shopper let the admission run out unused
        redis.opsForHash().put(SeckillKeys.queueAdmitted(activityId), member, String.valueOf(System.currentTimeMillis() - 60_000));
        assertThat(poll(activityId, shopper, ticket).body().path("status").asText()).isEqualTo("EXPIRED");

        Answer stale = poll(activityId, shopper, ticket);
        assertThat(stale.status()).as("the old ticket gives the place left back: %s", stale.body()).isEqualTo(404);
        Answer again = call(post("/api/seckill/{id}/queue", activityId).with(Callers.user(shopper))
                .header(QueueTokens.TICKET_HEADER, ticket));
        assertThat(again.status()).as(again.body().toString()).isEqualTo(200);
        assertThat(Long.parseLong(String.valueOf(redis.opsForHash().get(SeckillKeys.queueMembers(activityId), member))))
                .as("joining again, even with the old ticket, is at the back").isGreaterThan(place);
    }

    /** The admins' audit of the draw: the 300 early shoppers at places 1..300, each where their own poll put them, paged. */
    private void assertTheDrawListsEveryEarlyShopperAtThePlaceTheyWereTold(long activityId, List<Long> early, List<Long> told) throws Exception {
        Answer all = call(get("/api/admin/activities/{id}/queue/draw", activityId).with(Callers.admin(8)));
        assertThat(all.status()).as(all.body().toString()).isEqualTo(200);
        assertThat(all.body().path("drawn").asLong()).isEqualTo(early.size());
        assertThat(all.body().path("listed").asLong()).isEqualTo(early.size());
        assertThat(all.body().path("seed").asText()).isNotBlank();
        Map<Long, Long> drawnPlaces = new HashMap<>();
        List<Long> inOrder = new ArrayList<>();
        for (JsonNode place : all.body().path("places")) {
            drawnPlaces.put(place.path("userId").asLong(), place.path("place").asLong());
            inOrder.add(place.path("place").asLong());
            assertThat(place.path("joinNumber").asLong()).as("joined in that order").isEqualTo(place.path("userId").asLong() - early.get(0) + 1);
        }
        assertThat(inOrder).as("in place order, every place once").isEqualTo(LongStream.rangeClosed(1, early.size()).boxed().toList());
        assertThat(drawnPlaces.keySet()).containsExactlyInAnyOrderElementsOf(early);
        for (int i = 0; i < early.size(); i++) {
            if (told.get(i) > 0) {
                assertThat(drawnPlaces.get(early.get(i))).as("the place shopper %d was told", early.get(i)).isEqualTo(told.get(i));
            }
        }
        Answer page = call(get("/api/admin/activities/{id}/queue/draw", activityId).param("from", "101").param("size", "50")
                .with(Callers.admin(8)));
        assertThat(page.body().path("places").findValuesAsText("place")).as("a page")
                .isEqualTo(LongStream.rangeClosed(101, 150).mapToObj(Long::toString).toList());
        for (String[] bad : new String[][] {{"size", "0"}, {"size", "10001"}, {"from", "0"}, {"from", "x"}}) {
            Answer refused = call(get("/api/admin/activities/{id}/queue/draw", activityId).param(bad[0], bad[1]).with(Callers.admin(8)));
            assertThat(refused.status()).as("%s=%s: %s", bad[0], bad[1], refused.body()).isEqualTo(400);
            assertThat(refused.body().path("code").asText()).isEqualTo("BAD_REQUEST");
        }
        assertThat(call(get("/api/admin/activities/{id}/queue/draw", activityId).with(Callers.user(early.get(0)))).status())
                .as("admins only").isEqualTo(403);
    }

    private void setPaused(long activityId, boolean paused) throws Exception {
        Answer answer = call(put("/api/admin/activities/{id}/queue", activityId).contentType(MediaType.APPLICATION_JSON)
                .content("{\"paused\":" + paused + "}").with(Callers.admin(8)));
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
    }
}
