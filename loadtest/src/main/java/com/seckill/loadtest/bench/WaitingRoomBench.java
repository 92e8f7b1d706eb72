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
 * {@code ./seckill bench waiting-room} (contract §11, issues 23 and 45): on a warm system, 2,500 shoppers join the
 * waiting room of a 400-unit sale before its start and 1,500 after it, admitted at 180 a second; then the same sale
 * with twice the crowd. Each shopper does what the page does (polls when told, comes back after Retry-After when
 * BUSY, buys once admitted), except that every early one asks again in the same second at the start (the herd).
 * Writes the figures and their verdicts into docs/PERFORMANCE.md: orders sold, how the places relate to the order
 * the shoppers first asked in (Spearman), admission refusals that reached no service, the answers (503s, p99),
 * and how soon those not served heard SOLD_OUT.
 */
final class WaitingRoomBench {

    static final String BEGIN = "<!-- waiting-room:begin (written by ./seckill bench waiting-room; edits between these markers are lost) -->";
    static final String END = "<!-- waiting-room:end -->";
    /** The crowd of issue 45 and twice it: shoppers before and after the start, units, admissions a second. */
    private static final List<WaitingRoomFigures.Sale> SALES = List.of(
            new WaitingRoomFigures.Sale(2_500, 1_500, 400, 180), new WaitingRoomFigures.Sale(5_000, 3_000, 400, 180));
    /** Early shoppers arrive over this long before the start; late ones at 500 a second per 1,500. */
    private static final Duration EARLY_ARRIVAL = Duration.ofSeconds(14);
    /** Shoppers of the unmeasured warm-up sale: fresh JVMs answer four times slower until their hot code is compiled. */
    private static final int WARM_UP = 1_500;
    private static final long WARM_UP_USER = BenchSettings.FIRST_USER + 60_000_000L;
    private static final Pattern TOKEN_CALLS = Pattern.compile(
            "http_server_requests_seconds_count\\{[^}]*uri=\"/api/seckill/\\{activityId\\}/token\"[^}]*\\} ([0-9.E]+)");

    private final BenchSettings settings;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    private final BenchSystem system;
    private WaitingRoomBench(BenchSettings settings, Map<String, String> env) {
        this.settings = settings;
        this.system = new BenchSystem(settings, Map.of("PERIP", env.getOrDefault("SECKILL_GATEWAY_RATELIMIT_PERIP", Bench.RAISED_LIMIT)));
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
            List<WaitingRoomFigures.Measured> runs = new ArrayList<>();
            long firstUser = BenchSettings.FIRST_USER + 50_000_000L;
            for (WaitingRoomFigures.Sale sale : SALES) {
                runs.add(sell(api, admin, sale, firstUser));
                firstUser += sale.early() + sale.late();
            }
            String block = WaitingRoomFigures.report(runs, WARM_UP, Machine.describe(settings, env, system.settings()));
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

    /** One measured sale: its shoppers (user ids from {@code firstUser}) before and after the start, and what they saw. */
    private WaitingRoomFigures.Measured sell(LoadDriver api, String admin, WaitingRoomFigures.Sale sale, long firstUser) throws Exception {
        int shoppers = sale.early() + sale.late();
        System.out.printf("==> %,d + %,d shoppers signing in%n", sale.early(), sale.late());
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < shoppers; i++) {
            tokens.add(api.token(firstUser + i, false));
        }
        Instant start = Instant.now().plus(EARLY_ARRIVAL).plusSeconds(20).truncatedTo(ChronoUnit.SECONDS);
        long activity = createActivity(api, admin, start, "bench waiting room", sale.stock(), sale.rate());
        WaitingRoomCrowd crowd = new WaitingRoomCrowd(settings.gateway());
        double tokenCallsBefore = tokenCalls();
        List<String> refused = refusedWithoutAdmission(crowd, activity, tokens.get(0));
        double tokenCallsAfter = tokenCalls();

        System.out.printf("==> %,d shoppers join before the start (%s), over %d s; all ask again in its first second%n",
                sale.early(), start, EARLY_ARRIVAL.toSeconds());
        CountDownLatch done = new CountDownLatch(shoppers);
        CpuShares cpu = CpuShares.from(settings.root(), BenchSystem.SERVICES);
        long earlyGapMicros = EARLY_ARRIVAL.toNanos() / 1_000 / sale.early();
        for (int i = 0; i < sale.early(); i++) {
            start(crowd, activity, firstUser + i, tokens.get(i), true, start.toEpochMilli(), done);
            pause(earlyGapMicros);
        }
        while (Instant.now().isBefore(start)) {
            Thread.sleep(20); // the start is a moment on the clock
        }
        System.out.printf("==> the start: %,d more join, first come first served%n", sale.late());
        long lateGapMicros = 2_000L * 1_500 / sale.late(); // 500 a second, twice that for twice the crowd
        for (int i = sale.early(); i < shoppers; i++) {
            start(crowd, activity, firstUser + i, tokens.get(i), false, 0, done);
            pause(lateGapMicros);
        }
        done.await(5, java.util.concurrent.TimeUnit.MINUTES);
        Map<String, Double> cores = cpu.cores();
        long sold = new SaleOrders(api, admin).settled(activity, 30);
        Map<Long, Long> drawn = DrawnPlaces.places(api, admin, activity);
        return new WaitingRoomFigures.Measured(sale, crowd, sold, drawn, refused, tokenCallsAfter - tokenCallsBefore, cores);
    }

    private static void start(WaitingRoomCrowd crowd, long activity, long user, String token, boolean early, long herdAt, CountDownLatch done) {
        new Thread(null, () -> crowd.shopper(activity, user, token, early, herdAt, done), "shopper", 256 * 1024).start();
    }

    private static void pause(long micros) throws InterruptedException {
        Thread.sleep(micros / 1_000, (int) (micros % 1_000) * 1_000);
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
        long activity = createActivity(api, admin, Instant.now().plusSeconds(8), "bench waiting room warm-up", 400, 180);
        WaitingRoomCrowd crowd = new WaitingRoomCrowd(settings.gateway());
        CountDownLatch done = new CountDownLatch(WARM_UP);
        for (int i = 0; i < WARM_UP; i++) {
            start(crowd, activity, WARM_UP_USER + i, tokens.get(i), true, 0, done);
            Thread.sleep(5); // 200 a second
        }
        done.await(3, java.util.concurrent.TimeUnit.MINUTES);
    }

    private long createActivity(LoadDriver api, String admin, Instant start, String name, int stock, int rate) throws Exception {
        String body = "{\"goodsId\":9002,\"goodsName\":\"" + name + "\",\"price\":1.00,\"stock\":" + stock + ",\"startTime\":\"" + start
                + "\",\"endTime\":\"" + start.plus(Duration.ofHours(1)) + "\",\"captchaRequired\":false,\"waitingRoom\":{\"enabled\":true,"
                + "\"admissionPerSecond\":" + rate + ",\"opensBeforeSeconds\":600,\"admissionSeconds\":60}}";
        return Long.parseLong(LoadDriver.field(LoadDriver.expect(api.call("POST", "/api/admin/activities", admin, body), 201).body(), "id"));
    }

    /** Paths asked for without, with a forged and with another shopper's admission: each must be 403 NOT_ADMITTED. */
    private static List<String> refusedWithoutAdmission(WaitingRoomCrowd crowd, long activity, String token) throws InterruptedException {
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
