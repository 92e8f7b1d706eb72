package com.seckill.ops.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
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
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Pattern STATUS = Pattern.compile("\"status\":\"([A-Z_]+)\"");
    private static final Pattern POSITION = Pattern.compile("\"position\":(\\d+)");
    private static final Pattern POLL = Pattern.compile("\"pollAfterMs\":(\\d+)");
    private static final Pattern TICKET = Pattern.compile("\"ticket\":\"([A-Za-z0-9_-]+)\"");
    private static final Pattern ADMISSION = Pattern.compile("\"admission\":\"([A-Za-z0-9_-]+)\"");
    private static final Pattern PATH = Pattern.compile("\"path\":\"([A-Za-z0-9_-]+)\"");
    private static final Pattern TOKEN_CALLS = Pattern.compile(
            "http_server_requests_seconds_count\\{[^}]*uri=\"/api/seckill/\\{activityId\\}/token\"[^}]*\\} ([0-9.E]+)");

    private final BenchSettings settings;
    private final BenchSystem system;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, AtomicLong> answers = new ConcurrentHashMap<>();
    private final AtomicLong timeouts = new AtomicLong();
    private final AtomicLong serverErrors = new AtomicLong();
    private final AtomicLong lastSale = new AtomicLong();
    private final List<Long> toldSoldOutAt = Collections.synchronizedList(new ArrayList<>());
    private final List<long[]> earlyPlaces = Collections.synchronizedList(new ArrayList<>());
    private final List<long[]> latePlaces = Collections.synchronizedList(new ArrayList<>());

    private WaitingRoomBench(BenchSettings settings, Map<String, String> env) {
        this.settings = settings;
        this.system = new BenchSystem(settings, Map.of("PERIP", env.getOrDefault("SECKILL_GATEWAY_RATELIMIT_PERIP", Bench.RAISED_LIMIT)));
    }

    static void run(BenchSettings settings, Map<String, String> env) throws Exception {
        new WaitingRoomBench(settings, env).measure(env);
    }

    private record Answer(int status, String body, long nanos, long retryAfterMs) {
    }

    private Answer send(String method, String path, String token, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(settings.gateway() + path)).timeout(TIMEOUT)
                .method(method, HttpRequest.BodyPublishers.noBody()).header("Authorization", "Bearer " + token);
        headers.forEach(request::header);
        long start = System.nanoTime();
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            long nanos = System.nanoTime() - start;
            latencies.add(nanos);
            answers.computeIfAbsent(method + " " + kind(path) + " " + response.statusCode(), k -> new AtomicLong()).incrementAndGet();
            if (response.statusCode() >= 500 && response.statusCode() != 503) {
                serverErrors.incrementAndGet();
            }
            long retryAfter = response.headers().firstValue("Retry-After").map(v -> Long.parseLong(v.strip()) * 1000).orElse(1_000L);
            return new Answer(response.statusCode(), response.body(), nanos, retryAfter);
        } catch (java.net.http.HttpTimeoutException e) {
            timeouts.incrementAndGet();
            return new Answer(-1, "", System.nanoTime() - start, 1_000);
        } catch (IOException e) {
            return new Answer(-1, "", System.nanoTime() - start, 1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(-1, "", 0, 1_000);
        }
    }

    private static String kind(String path) {
        return path.endsWith("/queue") ? "queue" : path.endsWith("/token") ? "token" : "purchase";
    }

    private static String find(Pattern pattern, String body) {
        Matcher m = pattern.matcher(body == null ? "" : body);
        return m.find() ? m.group(1) : null;
    }

    /** The join number a ticket carries (its first 8 bytes): the order the shop saw the joins in. */
    static long joinNumber(String ticket) {
        return ByteBuffer.wrap(Base64.getUrlDecoder().decode(ticket)).getLong();
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
                tokens.add(api.token(BenchSettings.FIRST_USER + 50_000_000L + i, false));
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
                new Thread(null, () -> shopper(activity, token, true, done), "shopper", 256 * 1024).start();
                Thread.sleep(7); // the pre-queue fills as a crowd arrives, about 140 a second
            }
            while (Instant.now().isBefore(start)) {
                Thread.sleep(200); // the start is a moment on the clock
            }
            System.out.printf("==> the start: %,d more join, first come first served%n", LATE);
            for (int i = EARLY; i < EARLY + LATE; i++) {
                String token = tokens.get(i);
                new Thread(null, () -> shopper(activity, token, false, done), "shopper", 256 * 1024).start();
                Thread.sleep(2); // a steady arrival, 500 a second
            }
            done.await(5, java.util.concurrent.TimeUnit.MINUTES);
            long sold = orders(activity);
            String block = report(sold, refused, tokenCallsAfter - tokenCallsBefore, Machine.describe(settings, env, system.settings()));
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
            tokens.add(api.token(BenchSettings.FIRST_USER + 60_000_000L + i, false));
        }
        long activity = createActivity(api, admin, Instant.now().plusSeconds(8), "bench waiting room warm-up", STOCK, RATE);
        CountDownLatch done = new CountDownLatch(WARM_UP);
        for (String token : tokens) {
            new Thread(null, () -> shopper(activity, token, true, done), "warm-up", 256 * 1024).start();
            Thread.sleep(5); // 200 a second
        }
        done.await(3, java.util.concurrent.TimeUnit.MINUTES);
        latencies.clear();
        answers.clear();
        timeouts.set(0);
        serverErrors.set(0);
        lastSale.set(0);
        toldSoldOutAt.clear();
        earlyPlaces.clear();
        latePlaces.clear();
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
        refused.add(send("POST", path, token, Map.of()).body());
        refused.add(send("POST", path, token, Map.of("X-Seckill-Admission", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).body());
        refused.add(send("POST", path, token, Map.of("X-Seckill-Admission", "AAAAAGsPfe7UZhxO3Yo14SJuNxKpVbQt")).body());
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

    /**
     * A page: join, poll as told (pollAfterMs; Retry-After when BUSY), join again when it holds no place (a
     * join told BUSY), buy once admitted; the end: bought, sold out, told it bought already, or given up.
     */
    private void shopper(long activity, String token, boolean early, CountDownLatch done) {
        String queue = "/api/seckill/" + activity + "/queue";
        try {
            String ticket = null;
            boolean placed = false;
            Answer answer = send("POST", queue, token, Map.of());
            for (int visits = 0; visits < 400; visits++) {
                if (answer.status() == 200) {
                    ticket = Objects.requireNonNullElse(find(TICKET, answer.body()), ticket);
                    String status = find(STATUS, answer.body());
                    String position = find(POSITION, answer.body());
                    if (!placed && ticket != null && position != null && "WAITING".equals(status) && !answer.body().contains("drawAt")) {
                        (early ? earlyPlaces : latePlaces).add(new long[] {joinNumber(ticket), Long.parseLong(position)});
                        placed = true;
                    }
                    if ("ADMITTED".equals(status)) {
                        placed = true; // served before it was ever told a place: nothing to correlate
                        if (buy(activity, token, find(ADMISSION, answer.body()))) {
                            return;
                        }
                    } else if ("SOLD_OUT".equals(status)) {
                        toldSoldOutAt.add(System.currentTimeMillis());
                        return;
                    } else if ("EXPIRED".equals(status)) {
                        ticket = null; // its admission ran out unused: it joins again, at the back
                    }
                } else if (answer.status() == 410) {
                    toldSoldOutAt.add(System.currentTimeMillis());
                    return;
                } else if (answer.status() == 404) {
                    ticket = null; // not in the queue (any more): join again
                } else if (answer.status() >= 400 && answer.status() != 429 && answer.status() != 503) {
                    return; // refused for good: 409 DUPLICATE (bought already), 403 ...
                }
                String after = answer.status() == 200 ? find(POLL, answer.body()) : null;
                Thread.sleep(after != null ? Long.parseLong(after) : answer.retryAfterMs());
                answer = ticket == null ? send("POST", queue, token, Map.of())
                        : send("GET", queue, token, Map.of("X-Seckill-Ticket", ticket));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            done.countDown();
        }
    }

    /** A path with the admission, then the purchase; false when told BUSY (the page goes back to the queue, admitted again there). */
    private boolean buy(long activity, String token, String admission) throws InterruptedException {
        Answer path = send("POST", "/api/seckill/" + activity + "/token", token, Map.of("X-Seckill-Admission", admission));
        if (path.status() == 503 || path.status() == 429 || path.status() < 0) {
            Thread.sleep(path.retryAfterMs());
            return false;
        }
        String value = path.status() == 200 ? find(PATH, path.body()) : null;
        if (value == null) {
            if (path.status() == 410) {
                toldSoldOutAt.add(System.currentTimeMillis());
            }
            return true;
        }
        Answer bought = send("POST", "/api/seckill/" + activity + "/" + value, token, Map.of());
        if (bought.status() == 503 || bought.status() == 429 || bought.status() < 0) {
            Thread.sleep(bought.retryAfterMs());
            return false;
        }
        if (bought.status() == 202) {
            lastSale.accumulateAndGet(System.currentTimeMillis(), Math::max);
        } else if (bought.status() == 410) {
            toldSoldOutAt.add(System.currentTimeMillis());
        }
        return true;
    }

    private long orders(long activity) throws Exception {
        long last = -1;
        for (int i = 0; i < 30; i++) {
            try (Connection c = settings.db(BenchSettings.DATABASE);
                 PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?")) {
                s.setLong(1, activity);
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    long now = rs.getLong(1);
                    if (now == last) {
                        return now;
                    }
                    last = now;
                }
            }
            Thread.sleep(1_000); // orders still being written, bounded by the loop
        }
        return last;
    }

    private String report(long sold, List<String> refused, double tokenCallsReached, java.util.Properties machine) {
        double early = WaitingRoomFigures.spearman(earlyPlaces);
        double late = WaitingRoomFigures.spearman(latePlaces);
        long p99 = WaitingRoomFigures.percentileMs(latencies, 0.99);
        long lastSold = lastSale.get();
        long soldOutLag = toldSoldOutAt.stream().mapToLong(at -> Math.max(0, at - lastSold)).max().orElse(0);
        boolean allRefused = refused.stream().allMatch(body -> body.contains("\"code\":\"NOT_ADMITTED\""));
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "Run %s on %s (%s cores), commit %s: `./seckill bench waiting-room`: %,d shoppers join a %,d-unit "
                        + "sale before its start (over 14 s) and %,d after it (500 a second), admitted at %d a second; each does what the shop page does "
                        + "(polls when told, comes back after Retry-After when BUSY, buys once admitted). Services freshly started, warmed by an "
                        + "unmeasured sale of %,d shoppers first.%n%n",
                machine.getProperty("date", "?"), machine.getProperty("cpu", "?"), machine.getProperty("cores", "?"),
                machine.getProperty("commit", "?"), EARLY, STOCK, LATE, RATE, WARM_UP));
        t.append("| figure | value | target |\n|---|---:|---|\n");
        t.append(row("orders", String.format(Locale.ROOT, "%,d", sold), "exactly " + STOCK, sold == STOCK));
        t.append(row("Spearman, join order vs place, joined before the start (" + earlyPlaces.size() + " told a place)",
                String.format(Locale.ROOT, "%.3f", early), "|rho| < 0.1", Math.abs(early) < 0.1));
        t.append(row("Spearman, joined after the start (" + latePlaces.size() + ")", String.format(Locale.ROOT, "%.3f", late), "> 0.95", late > 0.95));
        t.append(row("paths asked without, with a forged or another's admission", allRefused ? "403 NOT_ADMITTED" : "not all refused",
                "403 NOT_ADMITTED", allRefused));
        t.append(row("of those, reaching seckill-service", String.format(Locale.ROOT, "%.0f", tokenCallsReached), "0", tokenCallsReached == 0));
        t.append(row("answers, p99", String.format(Locale.ROOT, "%,d ms (p50 %,d ms, %,d answers)", p99,
                WaitingRoomFigures.percentileMs(latencies, 0.5), latencies.size()), "<= 1,000 ms", p99 <= 1000));
        t.append(row("timeouts (10 s), 5xx other than 503", timeouts.get() + ", " + serverErrors.get(), "0, 0",
                timeouts.get() == 0 && serverErrors.get() == 0));
        long busy = answers.entrySet().stream().filter(e -> e.getKey().endsWith(" 503")).mapToLong(e -> e.getValue().get()).sum();
        t.append(String.format(Locale.ROOT, "| answers 503 BUSY (the shopper came back after Retry-After) | %,d (%.1f%%) | as few as the crowd allows |%n",
                busy, latencies.isEmpty() ? 0 : 100.0 * busy / latencies.size()));
        t.append(row("last shopper told SOLD_OUT, after the last unit", String.format(Locale.ROOT, "%.1f s (%,d told)", soldOutLag / 1000.0,
                toldSoldOutAt.size()), "<= 12 s", soldOutLag <= 12_000));
        t.append("\nAnswers: ").append(new java.util.TreeMap<>(answers)).append("\n");
        return t.toString();
    }

    private static String row(String figure, String value, String target, boolean met) {
        return "| " + figure + " | " + value + " | " + target + (met ? " (met)" : " (**not met**)") + " |\n";
    }
}
