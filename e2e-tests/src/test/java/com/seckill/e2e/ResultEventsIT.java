package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.seckill.common.redis.SeckillKeys;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /api/seckill/result/{requestId}/events} (contract §4): the owner's result pushed as a
 * server-sent event through the gateway, nobody else's; and waiting shoppers hold no thread, neither
 * on the gateway nor on seckill-service.
 */
class ResultEventsIT {

    private static final String GATEWAY = System.getenv().getOrDefault("SECKILL_GATEWAY_URL", "http://127.0.0.1:8080");
    private static final int SECKILL_PORT = 8081;
    private static final int GATEWAY_MANAGEMENT_PORT = 9080;
    private static final SeckillSystem system = new SeckillSystem();
    private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @AfterAll
    static void close() {
        system.close();
    }

    private static HttpRequest events(String requestId, String token) {
        return HttpRequest.newBuilder(URI.create(GATEWAY + "/api/seckill/result/" + requestId + "/events"))
                .header("Accept", "text/event-stream").header("Authorization", "Bearer " + token)
                .timeout(Duration.ofSeconds(90)).GET().build();
    }

    /** A Prometheus sample of a service's own port. */
    private static double metric(int port, String name) {
        String exposition = system.callDirect(port, "GET", "/actuator/prometheus", Map.of(), null).raw();
        Matcher sample = Pattern.compile("(?m)^" + name + "\\{[^}]*} (\\S+)$").matcher(exposition);
        return sample.find() ? Double.parseDouble(sample.group(1)) : Double.NaN;
    }

    @Test
    void theOwnerIsPushedTheResultOfARealPurchase() throws Exception {
        long activity = system.createActivity(3);
        List<Shoppers.Attempt> bought = new Shoppers(system, 1).buyAtOnce(activity);
        Shoppers.Attempt attempt = bought.get(0);
        assertThat(attempt.accepted()).as(attempt.answer()).isTrue();

        HttpResponse<String> stream = http.send(events(attempt.requestId(), attempt.token()), HttpResponse.BodyHandlers.ofString());

        assertThat(stream.statusCode()).isEqualTo(200);
        assertThat(stream.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        assertThat(stream.body()).contains("event:result").contains("\"status\":\"SUCCESS\"")
                .contains("\"requestId\":\"" + attempt.requestId() + "\"");
        long orderId = system.queryLong("SELECT id FROM seckill_order WHERE request_id = ?", attempt.requestId());
        assertThat(stream.body()).contains("\"orderId\":" + orderId);
    }

    @Test
    void nobodyElseGetsTheStreamAndBadIdsAreRefused() throws Exception {
        long activity = system.createActivity(3);
        Shoppers.Attempt attempt = new Shoppers(system, 1).buyAtOnce(activity).get(0);
        String stranger = system.token(SeckillSystem.uniqueId(), false);

        HttpResponse<String> other = http.send(events(attempt.requestId(), stranger), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> unknown = http.send(events(UUID.randomUUID().toString(), attempt.token()), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> malformed = http.send(events("not-a-request", attempt.token()), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> anonymous = http.send(HttpRequest.newBuilder(
                URI.create(GATEWAY + "/api/seckill/result/" + attempt.requestId() + "/events")).GET().build(), HttpResponse.BodyHandlers.ofString());

        assertThat(other.statusCode()).isEqualTo(404);
        assertThat(other.body()).contains("\"code\":\"NOT_FOUND\"").doesNotContain("SUCCESS");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(malformed.statusCode()).isEqualTo(400);
        assertThat(anonymous.statusCode()).isEqualTo(401);
    }

    @Test
    void twoHundredAndFiftyWaitingShoppersHoldNoThreadAndAreAllAnsweredOnce() throws Exception {
        // a request still QUEUED for as long as the test wants: its result written by the test itself
        long owner = SeckillSystem.uniqueId();
        String token = system.token(owner, false);
        String requestId = UUID.randomUUID().toString();
        String key = SeckillKeys.result(requestId);
        system.redis.setex(key, 600, "{\"requestId\":\"" + requestId + "\",\"userId\":" + owner + ",\"status\":\"QUEUED\"}");
        double gatewayThreads = metric(GATEWAY_MANAGEMENT_PORT, "jvm_threads_live_threads");
        double waitingBefore = metric(SECKILL_PORT, "seckill_result_streams");
        int shoppers = 250; // more than seckill-service's 200 request threads: a thread per stream could not hold them
        List<CompletableFuture<HttpResponse<String>>> streams = new ArrayList<>();
        try {
            for (int i = 0; i < shoppers; i++) {
                streams.add(http.sendAsync(events(requestId, token), HttpResponse.BodyHandlers.ofString()));
            }
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).untilAsserted(() ->
                    assertThat(metric(SECKILL_PORT, "seckill_result_streams") - waitingBefore).isEqualTo(shoppers));

            assertThat(metric(SECKILL_PORT, "tomcat_threads_busy_threads"))
                    .as("seckill-service request threads busy while %d streams wait", shoppers).isLessThan(10);
            assertThat(metric(GATEWAY_MANAGEMENT_PORT, "jvm_threads_live_threads") - gatewayThreads)
                    .as("gateway threads while %d streams wait", shoppers).isLessThan(40);
            assertThat(system.call("GET", "/api/activities", null, null).status()).as("the shop still answers").isEqualTo(200);
            assertThat(streams).noneMatch(CompletableFuture::isDone);

            Instant settled = Instant.now();
            system.redis.setex(key, 600, "{\"requestId\":\"" + requestId + "\",\"userId\":" + owner
                    + ",\"status\":\"FAIL\",\"reason\":\"SOLD_OUT\"}");
            CompletableFuture.allOf(streams.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            for (CompletableFuture<HttpResponse<String>> stream : streams) {
                HttpResponse<String> answer = stream.get();
                assertThat(answer.statusCode()).isEqualTo(200);
                assertThat(answer.body()).containsOnlyOnce("event:result").contains("\"status\":\"FAIL\"")
                        .contains("\"reason\":\"SOLD_OUT\"");
            }
            System.out.printf("%d streams answered %d ms after the result was written%n", shoppers,
                    Duration.between(settled, Instant.now()).toMillis());
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(metric(SECKILL_PORT, "seckill_result_streams")).isEqualTo(waitingBefore));
        } finally {
            streams.forEach(stream -> stream.cancel(true));
            system.redis.del(key);
        }
    }
}
