import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The load driver of {@code ./seckill bench}: a closed loop of N client threads against the gateway on
 * 127.0.0.1, bounded in requests and in time, plus the raw MariaDB baseline of the order transaction.
 * Single file, run by the launcher with the JDK's source launcher:
 * {@code java -cp mysql-connector-j.jar jmeter/bench/SeckillBench.java <load|fill|drain|raw|report> <outDir> [...]}.
 * Figures go to {@code <outDir>/results.properties}; {@code report} turns them into docs/PERFORMANCE.md.
 * Settings come from the environment (BENCH_*, SECKILL_DB_*), see {@code ./seckill help}.
 */
public class SeckillBench {

    static final String BASE = env("BENCH_URL", "http://127.0.0.1:8080");
    static final int CONNECTIONS = Integer.parseInt(env("BENCH_CONNECTIONS", "64"));
    static final int USERS = Integer.parseInt(env("BENCH_USERS", "10000"));
    static final int DRAIN = Integer.parseInt(env("BENCH_DRAIN", "10000"));
    static final int SECONDS = Integer.parseInt(env("BENCH_SECONDS", "15"));
    static final int WARMUP_SECONDS = Integer.parseInt(env("BENCH_WARMUP_SECONDS", "20"));
    /** Bench users get ids far from the demo data and from real test users. */
    static final long FIRST_USER = 7_000_000L;

    static Path out;
    static final Properties results = new Properties();

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: SeckillBench <load|fill|drain|raw|report> <outDir> [arg]");
            System.exit(2);
        }
        out = Path.of(args[1]);
        Files.createDirectories(out);
        Path file = out.resolve("results.properties");
        if (Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                results.load(in);
            }
        }
        switch (args[0]) {
            case "load" -> load();
            case "fill" -> fill();
            case "drain" -> drain();
            case "raw" -> raw(Integer.parseInt(args[2]));
            case "report" -> report(Path.of(args[2]));
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
        try (OutputStream o = Files.newOutputStream(file)) {
            results.store(o, "seckill bench");
        }
    }

    // ------------------------------------------------------------------------------------------
    // phases through the gateway

    /** Activities, users, warm-up, then the three measured phases: floor, sold-out storm, purchase burst. */
    static void load() throws Exception {
        String admin = token(1, true);
        results.setProperty("admin.token", admin);
        long floorActivity = createActivity(admin, "bench floor", 1_000_000);
        long firstWarmActivity = createActivity(admin, "bench warm-up", 1_000_000);
        long buyActivity = createActivity(admin, "bench purchase burst", 1_000_000);
        long soldActivity = createActivity(admin, "bench sold out", 1);
        long drainActivity = createActivity(admin, "bench order drain", 1_000_000);
        results.setProperty("activity.drain", String.valueOf(drainActivity));
        results.setProperty("activity.buy", String.valueOf(buyActivity));

        int userCount = Math.max(USERS, DRAIN);
        String[] users = new String[userCount];
        Phase tokens = run("user tokens", userCount, 600, (c, i, r) -> {
            Resp resp = r.call(c, 0, "POST", "/api/auth/demo-token", null,
                    "{\"userId\":" + (FIRST_USER + i) + ",\"admin\":false}");
            users[i] = field(resp.body, "token");
        });
        tokens.requireAll("200");
        Files.write(out.resolve("users.txt"), Arrays.asList(users));

        // sell the single unit, then hit the empty stock once: the service now knows it is sold out
        String path = field(call("POST", "/api/seckill/" + soldActivity + "/token", users[0], null).body, "path");
        expect(call("POST", "/api/seckill/" + soldActivity + "/" + path, users[0], null), 202);
        path = field(call("POST", "/api/seckill/" + soldActivity + "/token", users[1], null).body, "path");
        expect(call("POST", "/api/seckill/" + soldActivity + "/" + path, users[1], null), 410);

        System.out.println("warm-up (" + WARMUP_SECONDS + " s of reads, " + 3 * WARMUP_SECONDS
                + " s of purchases, not measured)");
        run("warm-up floor", Integer.MAX_VALUE, WARMUP_SECONDS, floorJob(floorActivity, users)).print();
        // The floor's code (gateway filters, routing, the servlet stack) is also warmed by every
        // purchase; what only purchases run (Lua calls, the publish and confirm, the consumer and its
        // batches, the close timers) gets three times the floor's warm-up, on fresh sales, so that
        // the JIT is done with it before anything is measured.
        long warmEnd = System.currentTimeMillis() + 3_000L * WARMUP_SECONDS;
        Map<Long, Integer> warmOrders = new TreeMap<>();
        for (int round = 0; System.currentTimeMillis() < warmEnd; round++) {
            long warmActivity = round == 0 ? firstWarmActivity : createActivity(admin, "bench warm-up " + round, 1_000_000);
            int left = (int) Math.max(1, (warmEnd - System.currentTimeMillis()) / 1000);
            Phase warm = run("warm-up purchase " + (round + 1), USERS, left, purchaseJob(warmActivity, users));
            warm.print();
            warmOrders.put(warmActivity, warm.count("202"));
        }
        run("warm-up sold-out", Integer.MAX_VALUE, WARMUP_SECONDS / 2, soldOutJob(soldActivity, users)).print();
        // the consumer drains the warm-up orders: let it finish before measuring anything
        for (Map.Entry<Long, Integer> warmed : warmOrders.entrySet()) {
            waitForOrders(warmed.getKey(), warmed.getValue(), 180);
        }

        Phase floor = run("routing floor", Integer.MAX_VALUE, SECONDS, floorJob(floorActivity, users));
        floor.print();
        floor.save("floor", 0);
        pause();
        Phase sold = run("sold-out storm", Integer.MAX_VALUE, SECONDS, soldOutJob(soldActivity, users));
        sold.print();
        sold.save("soldout", 0);
        pause();
        Phase buy = run("purchase burst", USERS, SECONDS * 6, purchaseJob(buyActivity, users));
        buy.print();
        buy.save("purchase", 1);
        results.setProperty("purchase.token.p50.ms", ms(buy.percentile(0, 50)));
        results.setProperty("purchase.token.p99.ms", ms(buy.percentile(0, 99)));
        results.setProperty("purchase.step.p50.ms", ms(buy.percentile(1, 50)));
        results.setProperty("purchase.step.p99.ms", ms(buy.percentile(1, 99)));
        results.setProperty("purchase.pair.p50.ms", ms(buy.percentile(2, 50)));
        results.setProperty("purchase.pair.p99.ms", ms(buy.percentile(2, 99)));
        results.setProperty("purchase.accepted", String.valueOf(buy.count("202")));
        results.setProperty("purchase.pairs.per.s", fmt(buy.count("202") / buy.seconds));
        // with the consumer running beside the burst: when was the last order of the burst in MySQL
        double[] span = waitForOrders(buyActivity, buy.count("202"), 300);
        results.setProperty("purchase.settled.after.burst.s", fmt(span[1] / 1000.0 - buy.endMillis / 1000.0));
    }

    /** Fills the order queue while order-service is stopped: accepted purchases wait in RabbitMQ. */
    static void fill() throws Exception {
        String[] users = Files.readAllLines(out.resolve("users.txt")).toArray(String[]::new);
        long activity = Long.parseLong(results.getProperty("activity.drain"));
        Phase fill = run("queue fill (order-service stopped)", DRAIN, 300, purchaseJob(activity, users));
        fill.print();
        results.setProperty("drain.accepted", String.valueOf(fill.count("202")));
        String admin = results.getProperty("admin.token");
        long deadline = System.currentTimeMillis() + 120_000;
        while (true) {
            String stats = call("GET", "/api/admin/activities/" + activity + "/stats", admin, null).body;
            String pending = field(stats, "pendingOutbox");
            if ("0".equals(pending)) {
                break;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("outbox not relayed to RabbitMQ within 120 s: " + stats);
            }
            Thread.sleep(500);
        }
        System.out.println("  every accepted purchase is in the order queue");
    }

    /** Order-service was just started on the full queue: orders per second into MySQL, from create_time. */
    static void drain() throws Exception {
        long activity = Long.parseLong(results.getProperty("activity.drain"));
        int accepted = Integer.parseInt(results.getProperty("drain.accepted"));
        waitForOrders(activity, accepted, 600);
        List<Long> times = new ArrayList<>();
        try (Connection db = db(env("SECKILL_DB_NAME", "seckill"));
             PreparedStatement q = db.prepareStatement(
                     "SELECT create_time FROM seckill_order WHERE activity_id = ? ORDER BY create_time")) {
            q.setLong(1, activity);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    times.add(rs.getTimestamp(1).getTime());
                }
            }
        }
        int n = times.size();
        // the first fifth warms the consumer's JIT (the service was just started); measure the rest
        int from = n / 5;
        double all = (n - 1) * 1000.0 / Math.max(1, times.get(n - 1) - times.get(0));
        double steady = (n - 1 - from) * 1000.0 / Math.max(1, times.get(n - 1) - times.get(from));
        results.setProperty("drain.orders", String.valueOf(n));
        results.setProperty("drain.all.per.s", fmt(all));
        results.setProperty("drain.per.s", fmt(steady));
        System.out.printf(Locale.ROOT, "order drain: %d orders, %.0f orders/s over the last %d (%.0f/s from the first)%n",
                n, steady, n - from, all);
    }

    // ------------------------------------------------------------------------------------------
    // raw MariaDB: the consumer's transaction, nothing else, at the consumer's concurrency

    static void raw(int concurrency) throws Exception {
        String schema = env("BENCH_RAW_DB", "seckill_bench_raw");
        long activity;
        try (Connection db = db(schema); Statement st = db.createStatement()) {
            st.execute("TRUNCATE TABLE seckill_order");
            st.execute("TRUNCATE TABLE mq_consume_log");
            st.execute("DELETE FROM seckill_activity");
            st.executeUpdate("INSERT INTO seckill_activity (goods_id, goods_name, price, stock_total, stock, start_time, "
                    + "end_time) VALUES (9001, 'bench raw', 1.00, 100000000, 100000000, NOW(3), NOW(3) + INTERVAL 1 DAY)",
                    Statement.RETURN_GENERATED_KEYS);
            try (ResultSet keys = st.getGeneratedKeys()) {
                keys.next();
                activity = keys.getLong(1);
            }
        }
        int warm = Math.max(500, DRAIN / 5);
        rawRun(schema, activity, concurrency, warm, 0);
        long start = System.nanoTime();
        rawRun(schema, activity, concurrency, DRAIN, warm);
        double seconds = (System.nanoTime() - start) / 1e9;
        double rate = DRAIN / seconds;
        results.setProperty("raw.concurrency", String.valueOf(concurrency));
        results.setProperty("raw.transactions", String.valueOf(DRAIN));
        results.setProperty("raw.per.s", fmt(rate));
        System.out.printf(Locale.ROOT, "raw MariaDB: %d transactions at concurrency %d in %.2f s = %.0f tx/s%n",
                DRAIN, concurrency, seconds, rate);
    }

    static void rawRun(String schema, long activity, int threads, int count, int offset) throws Exception {
        AtomicInteger next = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        List<Exception> failures = new ArrayList<>();
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> {
                try (Connection db = db(schema);
                     PreparedStatement log = db.prepareStatement(
                             "INSERT INTO mq_consume_log (message_id, queue, outcome) VALUES (?, ?, ?)");
                     PreparedStatement order = db.prepareStatement("INSERT INTO seckill_order (order_no, request_id, "
                             + "user_id, activity_id, goods_id, goods_name, price, status) VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
                             Statement.RETURN_GENERATED_KEYS);
                     PreparedStatement stock = db.prepareStatement(
                             "UPDATE seckill_activity SET stock = stock - 1 WHERE id = ? AND stock > 0")) {
                    db.setAutoCommit(false);
                    ready.countDown();
                    go.await();
                    int i;
                    while ((i = next.getAndIncrement()) < count) {
                        int n = offset + i;
                        String requestId = UUID.randomUUID().toString();
                        log.setString(1, requestId);
                        log.setString(2, "seckill.order.create");
                        log.setString(3, "SUCCESS");
                        log.executeUpdate();
                        order.setString(1, System.currentTimeMillis() + String.format("%09d", n));
                        order.setString(2, requestId);
                        order.setLong(3, FIRST_USER + n);
                        order.setLong(4, activity);
                        order.setLong(5, 9001);
                        order.setString(6, "bench raw");
                        order.setBigDecimal(7, java.math.BigDecimal.ONE);
                        order.executeUpdate();
                        try (ResultSet keys = order.getGeneratedKeys()) {
                            keys.next();
                        }
                        stock.setLong(1, activity);
                        if (stock.executeUpdate() != 1) {
                            throw new IllegalStateException("raw stock ran out");
                        }
                        db.commit();
                    }
                } catch (Exception e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                    ready.countDown();
                }
            });
            workers.add(w);
            w.start();
        }
        ready.await();
        go.countDown();
        for (Thread w : workers) {
            w.join();
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
    }

    // ------------------------------------------------------------------------------------------
    // the jobs: one iteration of one virtual user

    interface Job {
        void run(HttpClient client, int i, Recorder r) throws Exception;
    }

    static Job floorJob(long activity, String[] users) {
        return (c, i, r) -> r.call(c, 0, "GET", "/api/activities/" + activity, users[i % users.length], null);
    }

    static Job soldOutJob(long activity, String[] users) {
        return (c, i, r) -> r.call(c, 0, "POST", "/api/seckill/" + activity + "/token", users[i % users.length], null);
    }

    /** Path, then purchase: kind 0 the path request, kind 1 the purchase, kind 2 the two together. */
    static Job purchaseJob(long activity, String[] users) {
        return (c, i, r) -> {
            String user = users[i];
            long start = System.nanoTime();
            Resp token = r.call(c, 0, "POST", "/api/seckill/" + activity + "/token", user, null);
            if (token.status != 200) {
                return;
            }
            r.call(c, 1, "POST", "/api/seckill/" + activity + "/" + field(token.body, "path"), user, null);
            r.record(2, System.nanoTime() - start);
        };
    }

    // ------------------------------------------------------------------------------------------
    // the closed-loop runner

    record Resp(int status, String body) {
    }

    /** Per thread, no sharing while the phase runs: latencies in nanoseconds per kind, status counts. */
    static final class Recorder {
        long[][] lat = {new long[4096], new long[4096], new long[4096]};
        int[] n = new int[3];
        long requests;
        final Map<String, Integer> codes = new TreeMap<>();

        Resp call(HttpClient c, int kind, String method, String path, String bearer, String json) {
            long start = System.nanoTime();
            Resp resp;
            try {
                resp = send(c, method, path, bearer, json);
            } catch (Exception e) {
                resp = new Resp(-1, e.getClass().getSimpleName());
            }
            record(kind, System.nanoTime() - start);
            requests++;
            codes.merge(resp.status < 0 ? "error" : String.valueOf(resp.status), 1, Integer::sum);
            return resp;
        }

        void record(int kind, long nanos) {
            if (n[kind] == lat[kind].length) {
                lat[kind] = Arrays.copyOf(lat[kind], n[kind] * 2);
            }
            lat[kind][n[kind]++] = nanos;
        }
    }

    static final class Phase {
        final String name;
        double seconds;
        long requests;
        long endMillis;
        final long[][] lat = new long[3][];
        final Map<String, Integer> codes = new TreeMap<>();

        Phase(String name) {
            this.name = name;
        }

        int count(String code) {
            return codes.getOrDefault(code, 0);
        }

        double rps() {
            return requests / seconds;
        }

        long percentile(int kind, double p) {
            long[] l = lat[kind];
            if (l.length == 0) {
                return 0;
            }
            int idx = (int) Math.ceil(p / 100.0 * l.length) - 1;
            return l[Math.max(0, Math.min(l.length - 1, idx))];
        }

        void requireAll(String code) {
            if (count(code) != requests) {
                throw new IllegalStateException(name + ": expected every answer to be " + code + ", got " + codes);
            }
        }

        void print() {
            System.out.printf(Locale.ROOT, "%-34s %7d requests in %6.2f s = %8.0f req/s  p50 %6s ms  p99 %6s ms  %s%n",
                    name, requests, seconds, rps(), ms(percentile(0, 50)), ms(percentile(0, 99)), codes);
            if (lat[1].length > 0) {
                System.out.printf(Locale.ROOT, "%-34s purchase step p50 %s ms p99 %s ms; path+purchase p50 %s ms p99 %s ms%n",
                        "", ms(percentile(1, 50)), ms(percentile(1, 99)), ms(percentile(2, 50)), ms(percentile(2, 99)));
            }
        }

        /** kind: the latency series of the phase's headline request (the floor request, the purchase step). */
        void save(String key, int kind) {
            results.setProperty(key + ".requests", String.valueOf(requests));
            results.setProperty(key + ".seconds", fmt(seconds));
            results.setProperty(key + ".rps", fmt(rps()));
            results.setProperty(key + ".p50.ms", ms(percentile(kind, 50)));
            results.setProperty(key + ".p99.ms", ms(percentile(kind, 99)));
            results.setProperty(key + ".all.p50.ms", ms(percentile(0, 50)));
            results.setProperty(key + ".all.p99.ms", ms(percentile(0, 99)));
            results.setProperty(key + ".codes", codes.toString());
        }
    }

    /** CONNECTIONS threads share the work: at most maxOps iterations and maxSeconds of wall time. */
    static Phase run(String name, int maxOps, int maxSeconds, Job job) throws Exception {
        int threads = Math.min(CONNECTIONS, maxOps);
        AtomicInteger next = new AtomicInteger();
        Recorder[] recs = new Recorder[threads];
        Thread[] workers = new Thread[threads];
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        long[] deadline = new long[1];
        for (int t = 0; t < threads; t++) {
            Recorder r = recs[t] = new Recorder();
            HttpClient client = clients[t % clients.length];
            workers[t] = new Thread(() -> {
                ready.countDown();
                try {
                    go.await();
                    int i;
                    while (System.nanoTime() < deadline[0] && (i = next.getAndIncrement()) < maxOps) {
                        job.run(client, i, r);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, "bench-" + t);
            workers[t].start();
        }
        ready.await();
        long start = System.nanoTime();
        deadline[0] = start + maxSeconds * 1_000_000_000L;
        go.countDown();
        for (Thread w : workers) {
            w.join();
        }
        Phase phase = new Phase(name);
        phase.seconds = (System.nanoTime() - start) / 1e9;
        phase.endMillis = System.currentTimeMillis();
        for (int k = 0; k < 3; k++) {
            int total = 0;
            for (Recorder r : recs) {
                total += r.n[k];
            }
            long[] all = new long[total];
            int at = 0;
            for (Recorder r : recs) {
                System.arraycopy(r.lat[k], 0, all, at, r.n[k]);
                at += r.n[k];
            }
            Arrays.sort(all);
            phase.lat[k] = all;
        }
        for (Recorder r : recs) {
            phase.requests += r.requests;
            r.codes.forEach((c, v) -> phase.codes.merge(c, v, Integer::sum));
        }
        return phase;
    }

    // ------------------------------------------------------------------------------------------
    // HTTP and small helpers

    /** One client per 8 threads: the JDK client has one selector thread per client. */
    static final HttpClient[] clients = new HttpClient[Math.max(1, (CONNECTIONS + 7) / 8)];

    static {
        for (int i = 0; i < clients.length; i++) {
            clients[i] = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(5)).build();
        }
    }

    static Resp send(HttpClient c, String method, String path, String bearer, String json)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(BASE + path)).timeout(Duration.ofSeconds(30));
        if (bearer != null) {
            b.header("Authorization", "Bearer " + bearer);
        }
        if (json != null) {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(json));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<String> r = c.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new Resp(r.statusCode(), r.body());
    }

    static Resp call(String method, String path, String bearer, String json) throws Exception {
        return send(clients[0], method, path, bearer, json);
    }

    static void expect(Resp r, int status) {
        if (r.status != status) {
            throw new IllegalStateException("expected " + status + ", got " + r.status + ": " + r.body);
        }
    }

    static String token(long userId, boolean admin) throws Exception {
        Resp r = call("POST", "/api/auth/demo-token", null, "{\"userId\":" + userId + ",\"admin\":" + admin + "}");
        expect(r, 200);
        return field(r.body, "token");
    }

    static long createActivity(String admin, String name, int stock) throws Exception {
        Instant now = Instant.now();
        String body = "{\"goodsId\":9001,\"goodsName\":\"" + name + "\",\"price\":1.00,\"stock\":" + stock
                + ",\"startTime\":\"" + now.minusSeconds(2) + "\",\"endTime\":\"" + now.plus(Duration.ofHours(6))
                + "\",\"captchaRequired\":false}";
        Resp r = call("POST", "/api/admin/activities", admin, body);
        expect(r, 201);
        return Long.parseLong(field(r.body, "id"));
    }

    static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"?([^\",}]*)").matcher(json == null ? "" : json);
        return m.find() ? m.group(1) : null;
    }

    /** Polls MySQL until the activity has `expected` orders; answers {first, last} create_time in epoch ms. */
    static double[] waitForOrders(long activity, int expected, int maxSeconds) throws Exception {
        long deadline = System.currentTimeMillis() + maxSeconds * 1000L;
        try (Connection db = db(env("SECKILL_DB_NAME", "seckill"));
             PreparedStatement q = db.prepareStatement("SELECT COUNT(*), MIN(create_time), MAX(create_time) "
                     + "FROM seckill_order WHERE activity_id = ?")) {
            q.setLong(1, activity);
            while (true) {
                try (ResultSet rs = q.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) >= expected) {
                        return expected == 0 ? new double[] {0, 0}
                                : new double[] {rs.getTimestamp(2).getTime(), rs.getTimestamp(3).getTime()};
                    }
                    if (System.currentTimeMillis() > deadline) {
                        throw new IllegalStateException("activity " + activity + ": " + rs.getInt(1) + " orders of "
                                + expected + " after " + maxSeconds + " s");
                    }
                }
                Thread.sleep(200);
            }
        }
    }

    static Connection db(String schema) throws Exception {
        String url = "jdbc:mysql://" + env("SECKILL_DB_HOST", "127.0.0.1") + ":" + env("SECKILL_DB_PORT", "3306") + "/"
                + schema + "?useSSL=false&allowPublicKeyRetrieval=true&connectionTimeZone=UTC"
                + "&forceConnectionTimeZoneToSession=true&rewriteBatchedStatements=true";
        return DriverManager.getConnection(url, env("SECKILL_DB_USER", "root"), env("SECKILL_DB_PASSWORD", ""));
    }

    static void pause() throws InterruptedException {
        Thread.sleep(2000);
    }

    static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }

    static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e6);
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    // ------------------------------------------------------------------------------------------
    // report

    static final String BEGIN = "<!-- bench:begin (written by ./seckill bench; edits between these markers are lost) -->";
    static final String END = "<!-- bench:end -->";

    static double d(String key) {
        String v = results.getProperty(key);
        if (v == null) {
            throw new IllegalStateException("no figure " + key + " in results.properties");
        }
        return Double.parseDouble(v);
    }

    static void report(Path doc) throws Exception {
        Properties machine = new Properties();
        try (InputStream in = Files.newInputStream(out.resolve("machine.properties"))) {
            machine.load(in);
        }
        Properties rss = new Properties();
        try (InputStream in = Files.newInputStream(out.resolve("rss.properties"))) {
            rss.load(in);
        }
        double floor = d("floor.rps");
        double purchase = d("purchase.rps");
        double sold = d("soldout.rps");
        double drain = d("drain.per.s");
        double raw = d("raw.per.s");
        double floorP99 = d("floor.p99.ms");
        double purchaseP99 = d("purchase.step.p99.ms");
        double rssTotalMiB = Double.parseDouble(rss.getProperty("total.max.kib")) / 1024.0;
        double r21 = purchase / floor;
        double r31 = sold / floor;
        double rp99 = purchaseP99 / floorP99;
        double r4 = drain / raw;

        StringBuilder t = new StringBuilder();
        t.append(BEGIN).append("\n\n");
        t.append("### Machine and run\n\n");
        t.append("| | |\n|---|---|\n");
        for (String k : new String[] {"date", "cpu", "cores", "memory", "os", "jdk", "mariadb", "redis", "rabbitmq",
                "commit", "java.opts", "rate.limits", "order.consumer", "driver"}) {
            t.append("| ").append(k).append(" | ").append(machine.getProperty(k, "?").replace("|", "\\|")).append(" |\n");
        }
        t.append("\n### Figures\n\n");
        t.append("| # | measurement | figure | p50 | p99 | answers |\n|---|---|---|---|---|---|\n");
        t.append(String.format(Locale.ROOT, "| 1 | routing floor: `GET /api/activities/{id}` through the gateway | **%.0f req/s** | %s ms | %s ms | %s |%n",
                floor, results.getProperty("floor.p50.ms"), results.getProperty("floor.p99.ms"), results.getProperty("floor.codes")));
        t.append(String.format(Locale.ROOT, "| 2 | purchase burst: path + purchase, %s shoppers | **%.0f req/s** (%s purchases/s) | purchase %s ms, path %s ms, both %s ms | purchase %s ms, path %s ms, both %s ms | %s |%n",
                results.getProperty("purchase.accepted"), purchase, results.getProperty("purchase.pairs.per.s"),
                results.getProperty("purchase.step.p50.ms"), results.getProperty("purchase.token.p50.ms"), results.getProperty("purchase.pair.p50.ms"),
                results.getProperty("purchase.step.p99.ms"), results.getProperty("purchase.token.p99.ms"), results.getProperty("purchase.pair.p99.ms"),
                results.getProperty("purchase.codes")));
        t.append(String.format(Locale.ROOT, "| 3 | sold-out storm: `POST /api/seckill/{id}/token` after the stock is gone | **%.0f req/s** | %s ms | %s ms | %s |%n",
                sold, results.getProperty("soldout.p50.ms"), results.getProperty("soldout.p99.ms"), results.getProperty("soldout.codes")));
        t.append(String.format(Locale.ROOT, "| 4 | order drain: queue -> MySQL, %s orders, %s consumers taking batches | **%.0f orders/s** (%.0f/s counting the cold start) | | | |%n",
                results.getProperty("drain.orders"), results.getProperty("raw.concurrency"), drain, d("drain.all.per.s")));
        t.append(String.format(Locale.ROOT, "| 4r | raw MariaDB: the same INSERT + INSERT + UPDATE transaction, %s connections | **%.0f tx/s** | | | |%n",
                results.getProperty("raw.concurrency"), raw));
        t.append(String.format(Locale.ROOT, "| 5 | RSS under load, highest sample of the sum | **%.0f MiB** | | | gateway %.0f, seckill %.0f, order %.0f, payment %.0f MiB (each its own peak) |%n",
                rssTotalMiB, kib(rss, "gateway-service"), kib(rss, "seckill-service"), kib(rss, "order-service"), kib(rss, "payment-service")));
        double settled = d("purchase.settled.after.burst.s");
        t.append(settled <= 0.05
                ? String.format(Locale.ROOT, "%nIn the purchase burst (2) the consumer, running beside it, kept up: the last order was in MySQL by the time the burst's last answer came back.%n")
                : String.format(Locale.ROOT, "%nIn the purchase burst (2), with the consumer running beside it, the last order was in MySQL %.1f s after the burst ended.%n", settled));
        t.append("\n### Ratios and targets\n\n| ratio | value | target | met |\n|---|---|---|---|\n");
        t.append(row("purchase burst / floor (req/s)", r21, ">= 0.70", r21 >= 0.7));
        t.append(row("sold-out rejections / floor (req/s)", r31, ">= 0.90", r31 >= 0.9));
        t.append(row("purchase p99 / floor p99", rp99, "<= 3.00", rp99 <= 3.0));
        t.append(row("order drain / raw MariaDB", r4, ">= 0.50", r4 >= 0.5));
        t.append(String.format(Locale.ROOT, "| four services RSS | %.0f MiB | <= 1638 MiB (1.6 GiB) | %s |%n",
                rssTotalMiB, rssTotalMiB <= 1638.4 ? "yes" : "**no**"));
        t.append("\nRaw figures: `target/bench/results.properties`, `rss.log`, `machine.properties`.\n\n").append(END);

        String block = t.toString();
        System.out.println();
        System.out.println(block.replace(BEGIN, "").replace(END, ""));
        String text = Files.exists(doc) ? Files.readString(doc) : "# Performance\n\n" + BEGIN + "\n" + END + "\n";
        int b = text.indexOf(BEGIN);
        int e = text.indexOf(END);
        text = b >= 0 && e > b ? text.substring(0, b) + block + text.substring(e + END.length()) : text + "\n" + block + "\n";
        Files.createDirectories(doc.getParent());
        Files.writeString(doc, text, StandardCharsets.UTF_8);
    }

    static double kib(Properties rss, String service) {
        return Double.parseDouble(rss.getProperty(service + ".max.kib", "0")) / 1024.0;
    }

    static String row(String what, double v, String target, boolean met) {
        return String.format(Locale.ROOT, "| %s | %.2f | %s | %s |%n", what, v, target, met ? "yes" : "**no**");
    }
}
