package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Prometheus metrics (contract §4): every service exposes them on its own port, the business
 * counters move by exactly what a small sale did, and every metric the Grafana dashboard queries
 * is exposed by some service.
 */
class MetricsIT {

    /** The gateway's management port, and the inner services' own ports. */
    private static final Map<String, Integer> PORTS = Map.of("gateway-service", 9080, "seckill-service", 8081,
            "order-service", 8082, "payment-service", 8083);
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})? (\\S+)");
    private static final SeckillSystem system = new SeckillSystem();

    @AfterAll
    static void close() {
        system.close();
    }

    private static String scrape(String service) {
        SeckillSystem.Response answer = system.callDirect(PORTS.get(service), "GET", "/actuator/prometheus", Map.of(), null);
        assertThat(answer.status()).as("%s /actuator/prometheus", service).isEqualTo(200);
        return answer.raw();
    }

    /** The sum of every sample of {@code name} whose labels include {@code labels}. */
    private static double sum(String exposition, String name, Map<String, String> labels) {
        double total = 0;
        for (String line : exposition.split("\n")) {
            Matcher sample = SAMPLE.matcher(line);
            if (!sample.find() || !sample.group(1).equals(name)) {
                continue;
            }
            String given = sample.group(3) == null ? "" : sample.group(3);
            if (labels.entrySet().stream().allMatch(l -> given.contains(l.getKey() + "=\"" + l.getValue() + "\""))) {
                total += Double.parseDouble(sample.group(4));
            }
        }
        return total;
    }

    private static Set<String> names(String exposition) {
        Set<String> names = new HashSet<>();
        for (String line : exposition.split("\n")) {
            Matcher sample = SAMPLE.matcher(line);
            if (!line.startsWith("#") && sample.find()) {
                names.add(sample.group(1));
            }
        }
        return names;
    }

    @Test
    void everyServiceExposesPrometheusOnItsOwnPortAndTheGatewayNotOnItsPublicOne() {
        for (String service : PORTS.keySet()) {
            String exposition = scrape(service);
            assertThat(exposition).as(service).contains("jvm_memory_used_bytes").contains("application=\"" + service + "\"")
                    .contains("http_server_requests_seconds");
        }
        for (String service : List.of("seckill-service", "order-service", "payment-service", "gateway-service")) {
            assertThat(scrape(service)).as("%s: Hikari", service).contains("hikaricp_connections_active");
        }
        assertThat(scrape("seckill-service")).contains("lettuce_command_completion_seconds").contains("rabbitmq_published_total");
        assertThat(scrape("order-service")).contains("rabbitmq_consumed_total");
        assertThat(system.call("GET", "/actuator/prometheus", null, null).status()).isEqualTo(404);
        assertThat(system.call("GET", "/actuator/health", null, null).status()).isEqualTo(200);
    }

    @Test
    void theSaleCountersMoveByWhatASmallSaleDid() throws Exception {
        int stock = 5;
        long activityId = system.createActivity(stock);
        Map<String, String> activity = Map.of("activity", Long.toString(activityId));
        String seckillBefore = scrape("seckill-service");
        String orderBefore = scrape("order-service");
        String gatewayBefore = scrape("gateway-service");

        Shoppers shoppers = new Shoppers(system, 8);
        List<Shoppers.Attempt> attempts = shoppers.buyAtOnce(activityId);
        Map<String, String> outcomes = shoppers.settle(attempts, Duration.ofSeconds(60));
        long accepted = attempts.stream().filter(Shoppers.Attempt::accepted).count();
        long soldOutAtPurchase = attempts.stream().filter(a -> a.status() == 410 && a.answer().startsWith("purchase")).count();
        long tokensIssued = attempts.stream().filter(a -> a.answer().startsWith("purchase")).count();
        assertThat(accepted).isEqualTo(stock);
        assertThat(outcomes.values()).containsOnly("SUCCESS");
        // an abuser: garbage paths, as fast as possible, until the per-user limit bites; on a sale with units
        // left, since the gateway itself answers a sale it just saw sold out, before any limit is counted
        long abusedId = system.createActivity(1);
        Map<String, String> abused = Map.of("activity", Long.toString(abusedId));
        String abuser = system.token(SeckillSystem.uniqueId(), false);
        int badPaths = 0;
        int limited = 0;
        for (int i = 0; i < 25; i++) {
            int status = system.call("POST", "/api/seckill/" + abusedId + "/not-a-path-" + i, abuser, null).status();
            badPaths += status == 403 ? 1 : 0;
            limited += status == 429 ? 1 : 0;
        }
        assertThat(limited).as("the per-user limit bit").isPositive();

        int finalBadPaths = badPaths;
        int finalLimited = limited;
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
            String seckill = scrape("seckill-service");
            String order = scrape("order-service");
            String gateway = scrape("gateway-service");
            assertThat(delta(seckillBefore, seckill, "seckill_purchase_attempts_total", with(activity, "outcome", "accepted")))
                    .isEqualTo(stock);
            // told sold out by seckill-service, or by the gateway repeating its answer for a second
            assertThat(delta(seckillBefore, seckill, "seckill_purchase_attempts_total", with(activity, "outcome", "sold_out"))
                    + delta(gatewayBefore, gateway, "seckill_gateway_shed_total", Map.of("reason", "sold_out")))
                    .isEqualTo(soldOutAtPurchase);
            assertThat(delta(seckillBefore, seckill, "seckill_path_tokens_total", Map.of())).isGreaterThanOrEqualTo(tokensIssued);
            assertThat(delta(gatewayBefore, gateway, "seckill_purchase_attempts_total", with(abused, "outcome", "bad_path")))
                    .isEqualTo(finalBadPaths);
            assertThat(delta(gatewayBefore, gateway, "seckill_purchase_attempts_total", with(abused, "outcome", "rate_limited")))
                    .isEqualTo(finalLimited);
            assertThat(delta(orderBefore, order, "seckill_order_events_total", Map.of("event", "created"))).isGreaterThanOrEqualTo(stock);
            assertThat(delta(orderBefore, order, "seckill_orders_consumed_total", Map.of("outcome", "success")))
                    .isGreaterThanOrEqualTo(stock);
            assertThat(sum(seckill, "seckill_stock", with(activity, "source", "db"))).isZero();
            assertThat(sum(seckill, "seckill_stock", with(activity, "source", "redis"))).isZero();
        });
    }

    private static double delta(String before, String after, String name, Map<String, String> labels) {
        return sum(after, name, labels) - sum(before, name, labels);
    }

    private static Map<String, String> with(Map<String, String> labels, String key, String value) {
        Map<String, String> all = new HashMap<>(labels);
        all.put(key, value);
        return all;
    }

    /** A waiting room open before its start, {@code shoppers} of them in it; returns the activity. */
    private static long aWaitingRoomWith(int shoppers, int admissionPerSecond) {
        long activityId = system.createQueuedActivity("metrics waiting room", 10, Instant.now().plusSeconds(120), admissionPerSecond);
        for (int i = 0; i < shoppers; i++) {
            SeckillSystem.Response joined = system.call("POST", "/api/seckill/" + activityId + "/queue",
                    system.token(SeckillSystem.uniqueId(), false), null);
            assertThat(joined.status()).as(joined.raw()).isEqualTo(200);
        }
        return activityId;
    }

    @Test
    void theWaitingRoomFiguresAndAnswersAreInPrometheus() {
        String before = scrape("seckill-service");
        long activityId = aWaitingRoomWith(3, 37);
        Map<String, String> activity = Map.of("activity", Long.toString(activityId));
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
            String now = scrape("seckill-service");
            assertThat(sum(now, "seckill_waiting_room_waiting", activity)).isEqualTo(3);
            assertThat(sum(now, "seckill_waiting_room_admitted", activity)).isZero();
            assertThat(sum(now, "seckill_waiting_room_serving", activity)).isZero();
            assertThat(sum(now, "seckill_waiting_room_admission_rate", activity)).isEqualTo(37);
            assertThat(sum(now, "seckill_waiting_room_paused", activity)).isZero();
            assertThat(delta(before, now, "seckill_waiting_room_answers_total", with(activity, "status", "waiting"))).isEqualTo(3);
        });
    }

    @Test
    void everyMetricTheDashboardQueriesIsExposedBySomeService() throws Exception {
        aWaitingRoomWith(1, 10); // the waiting rooms' gauges exist while a room is open
        JsonNode dashboard = new ObjectMapper().readTree(Files.readString(
                Launcher.ROOT.resolve("observability/grafana/dashboards/seckill.json")));
        Set<String> queried = new TreeSet<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                queried.addAll(metricNames(target.path("expr").asText()));
            }
        }
        assertThat(queried).as("the dashboard queries something").isNotEmpty();
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            Set<String> exposed = new HashSet<>();
            PORTS.keySet().forEach(service -> exposed.addAll(names(scrape(service))));
            List<String> missing = new ArrayList<>(queried);
            missing.removeAll(exposed);
            assertThat(missing).as("queried by the dashboard, exposed by no service").isEmpty();
        });
    }

    private static final Set<String> PROMQL = Set.of("histogram_quantile", "label_replace", "count_over_time");

    /** Metric names of a PromQL expression: identifiers with an underscore, outside strings and label matchers. */
    static Set<String> metricNames(String expr) {
        String code = expr.replaceAll("\"[^\"]*\"", "\"\"").replaceAll("\\b[a-zA-Z_]+\\s*(=~|!=|=)", "");
        Set<String> names = new TreeSet<>();
        Matcher identifier = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*").matcher(code);
        while (identifier.find()) {
            String token = identifier.group();
            if (token.contains("_") && !PROMQL.contains(token)) {
                names.add(token);
            }
        }
        return names;
    }
}
