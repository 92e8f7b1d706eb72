package com.seckill.loadtest.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ./seckill bench waiting-room} (DESIGN.md §11, issue 23): 2,000 shoppers join the waiting room
 * of a 300-unit sale before its start and 2,000 after, admitted at 150 a second, each doing what the
 * page does: poll when told (pollAfterMs), buy with its admission once admitted. Writes the figures and
 * their verdicts into docs/PERFORMANCE.md: orders sold, how the places relate to the order of joining
 * (Spearman), admission refusals that reached no service, answer times, and how soon those not served
 * heard SOLD_OUT.
 */
final class WaitingRoomBench {

    static final String BEGIN = "<!-- waiting-room:begin (written by ./seckill bench waiting-room; edits between these markers are lost) -->";
    static final String END = "<!-- waiting-room:end -->";
    private static final int EARLY = 2_000;
    private static final int LATE = 2_000;
    private static final int STOCK = 300;
    private static final int RATE = 150;
    /** Shoppers of the unmeasured warm-up sale: fresh JVMs answer four times slower until their hot code is compiled. */
    private static final int WARM_UP = 1_000;
    private static final long WARM_UP_USER = BenchSettings.FIRST_USER + 60_000_000L;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Pattern TOKEN_CALLS = Pattern.compile(
            "http_server_requests_seconds_count\\{[^}]*uri=\"/api/seckill/\\{activityId\\}/token\"[^}]*\\} ([0-9.E]+)");

    private final BenchSettings settings;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    private final WaitingRoomCrowd crowd;
    private final BenchSystem system;
    private WaitingRoomBench(BenchSettings settings, Map<String, String> env) {
        this.settings = settings;
        this.system = new BenchSystem(settings, Map.of("PERIP", env.getOrDefault("SECKILL_GATEWAY_RATELIMIT_PERIP", Bench.RAISED_LIMIT)));
        this.crowd = new WaitingRoomCrowd(settings.gateway());
    }

    static void run(BenchSettings settings, Map<String, String> env) throws Exception {
        new WaitingRoomBench(settings, env).measure(env);
    }

    private void measure(Map<String, String> env) throws Exception {
        system.isolate();
        Thread stopOnExit = new Thread(system::stopWhatRuns, "bench-stop");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        try {
            System.out.println("==> bench waiting-room: starting the services");
            system.launcher("up");
            LoadDriver api = new LoadDriver(settings.gateway(), 1);
            String admin = api.token(1, true);
            warmUp(api, admin);
            System.out.printf("==> %,d + %,d shoppers signing in%n", EARLY, LATE);
            List<String> tokens = new ArrayList<>();
            for (int i = 0; i < EARLY + LATE; i++) {
                tokens.add(api.token(user(i), false));
            }
            Instant start = Instant.now().plusSeconds(35).truncatedTo(ChronoUnit.SECONDS);
            long activity = createActivity(api, admin, start, "bench waiting room", STOCK, RATE);
            double tokenCallsBefore = tokenCalls();
            List<String> refused = refusedWithoutAdmission(activity, tokens.get(0));
            double tokenCallsAfter = tokenCalls();

            System.out.printf("==> %,d shoppers join before the start (%s), over 14 s%n", EARLY, start);
            CountDownLatch done = new CountDownLatch(EARLY + LATE);
            for (int i = 0; i < EARLY; i++) {
                String token = tokens.get(i);
                long user = user(i);
                new Thread(null, () -> crowd.shopper(activity, user, token, true, done), "shopper", 256 * 1024).start();
                Thread.sleep(7); // the pre-queue fills as a crowd arrives, about 140 a second
            }
            while (Instant.now().isBefore(start)) {
                Thread.sleep(200); // the start is a moment on the clock
            }
            System.out.printf("==> the start: %,d more join, first come first served%n", LATE);
            for (int i = EARLY; i < EARLY + LATE; i++) {
                String token = tokens.get(i);
                long user = user(i);
                new Thread(null, () -> crowd.shopper(activity, user, token, false, done), "shopper", 256 * 1024).start();
                Thread.sleep(2); // a steady arrival, 500 a second
            }
            done.await(5, java.util.concurrent.TimeUnit.MINUTES);
            long sold = new SaleOrders(api, admin).settled(activity, 30);
            Map<Long, Long> drawn = DrawnPlaces.places(api, admin, activity);
            String block = WaitingRoomFigures.report(crowd, new WaitingRoomFigures.Sale(EARLY, LATE, STOCK, RATE, WARM_UP), sold, drawn, refused,
                    tokenCallsAfter - tokenCallsBefore, Machine.describe(settings, env, system.settings()));
            MarkedSection.write(settings.root().resolve("docs/PERFORMANCE.md"), BEGIN, END, BEGIN + "\n\n" + block + "\n" + END);
            System.out.println(block);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
                system.stopWhatRuns();
            } catch (IllegalStateException shuttingDown) {
                // a signal ended the run: the hook stops the services
            }
        }
    }

    /**
     * A sale of its own, run like the measured one and then forgotten: the services were just started, and
     * a JVM answers a few times slower until its hot code is compiled (as ./seckill capacity warms up too).
     */
    private void warmUp(LoadDriver api, String admin) throws Exception {
        System.out.printf("==> warm-up, not measured: %,d shoppers through a waiting room of its own%n", WARM_UP);
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < WARM_UP; i++) {
            tokens.add(api.token(WARM_UP_USER + i, false));
        }
        long activity = createActivity(api, admin, Instant.now().plusSeconds(8), "bench waiting room warm-up", STOCK, RATE);
        CountDownLatch done = new CountDownLatch(WARM_UP);
        for (int i = 0; i < WARM_UP; i++) {
            String token = tokens.get(i);
            long user = WARM_UP_USER + i;
            new Thread(null, () -> crowd.shopper(activity, user, token, true, done), "warm-up", 256 * 1024).start();
            Thread.sleep(5); // 200 a second
        }
        done.await(3, java.util.concurrent.TimeUnit.MINUTES);
        crowd.forget();
    }

    /** The measured sale's i-th shopper (the first {@value #EARLY} join before the start). */
    private static long user(int i) {
        return BenchSettings.FIRST_USER + 50_000_000L + i;
    }

    private long createActivity(LoadDriver api, String admin, Instant start, String name, int stock, int rate) throws Exception {
        String body = "{\"goodsId\":9002,\"goodsName\":\"" + name + "\",\"price\":1.00,\"stock\":" + stock + ",\"startTime\":\"" + start
                + "\",\"endTime\":\"" + start.plus(Duration.ofHours(1)) + "\",\"captchaRequired\":false,\"waitingRoom\":{\"enabled\":true,"
                + "\"admissionPerSecond\":" + rate + ",\"opensBeforeSeconds\":600,\"admissionSeconds\":60}}";
        return Long.parseLong(LoadDriver.field(LoadDriver.expect(api.call("POST", "/api/admin/activities", admin, body), 201).body(), "id"));
    }

    /** Paths asked for without, with a forged and with another shopper's admission: each must be 403 NOT_ADMITTED. */
    private List<String> refusedWithoutAdmission(long activity, String token) throws InterruptedException {
        Thread.sleep(2_000); // the gateway reads which activities have a waiting room every second
        String path = "/api/seckill/" + activity + "/token";
        List<String> refused = new ArrayList<>();
        refused.add(crowd.send("POST", path, token, Map.of()).body());
        refused.add(crowd.send("POST", path, token, Map.of("X-Seckill-Admission", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).body());
        refused.add(crowd.send("POST", path, token, Map.of("X-Seckill-Admission", "AAAAAGsPfe7UZhxO3Yo14SJuNxKpVbQt")).body());
        return refused;
    }

    /** seckill-service's own count of path requests it was asked (its http_server_requests), for the admission check. */
    private double tokenCalls() {
        try {
            HttpResponse<String> metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:8081/actuator/prometheus")).build(),
                    HttpResponse.BodyHandlers.ofString());
            double total = 0;
            for (Matcher m = TOKEN_CALLS.matcher(metrics.body()); m.find(); ) {
                total += Double.parseDouble(m.group(1));
            }
            return total;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
