package com.seckill.loadtest.bench;

import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * The measured phases through the gateway: warm-up, routing floor, sold-out storm and purchase burst
 * ({@link #load}), then the order drain: the queue filled while order-service is stopped ({@link #fill}),
 * drained once it starts ({@link #drain}). Figures go into {@code results}.
 */
final class BenchPhases {

    /** The system settles between measured phases (the consumer catches up, connections go idle). */
    private static final long SETTLE_BETWEEN_PHASES_MS = 2_000;

    private final BenchSettings settings;
    private final LoadDriver driver;
    private final Properties results;
    private String admin;
    private SaleOrders orders;
    private CompletableFuture<long[]> drainWatch;
    private String[] users;
    private long drainActivity;
    private int drainAccepted;

    BenchPhases(BenchSettings settings, Properties results) {
        this.settings = settings;
        this.results = results;
        this.driver = new LoadDriver(settings.gateway(), settings.connections());
    }

    /** Activities, users, warm-up, then the three measured phases: floor, sold-out storm, purchase burst. */
    void load() throws Exception {
        admin = driver.token(1, true);
        orders = new SaleOrders(driver, admin);
        long floorActivity = driver.createActivity(admin, "bench floor", 1_000_000);
        long firstWarmActivity = driver.createActivity(admin, "bench warm-up", 1_000_000);
        long buyActivity = driver.createActivity(admin, "bench purchase burst", 1_000_000);
        long soldActivity = driver.createActivity(admin, "bench sold out", 1);
        drainActivity = driver.createActivity(admin, "bench order drain", 1_000_000);
        users = shoppers(Math.max(settings.users(), settings.drain()));
        soldOut(soldActivity);

        int warmup = settings.warmupSeconds();
        System.out.println("warm-up (" + warmup + " s of reads, rounds of " + warmup + " s of purchases until their rate levels, not measured)");
        driver.run("warm-up floor", Integer.MAX_VALUE, warmup, LoadDriver.floor(floorActivity, users)).print();
        // The floor's code is also warmed by every purchase; what only purchases run (Lua calls, the
        // publish and confirm, the consumer and its batches, the close timers) is warmed on fresh sales
        // until the purchase rate stops growing, so that the JIT is done with it before anything is measured.
        Map<Long, Integer> warmOrders = new TreeMap<>();
        WarmUpRounds rounds = new WarmUpRounds();
        for (int round = 0; ; round++) {
            long warmActivity = round == 0 ? firstWarmActivity : driver.createActivity(admin, "bench warm-up " + round, 1_000_000);
            Phase warm = driver.run("warm-up purchase " + (round + 1), settings.users(), warmup, LoadDriver.purchase(warmActivity, users));
            warm.print();
            warmOrders.put(warmActivity, warm.count("202"));
            if (!rounds.another(warm.count("202") / warm.seconds)) {
                break;
            }
        }
        driver.run("warm-up sold-out", Integer.MAX_VALUE, Math.max(1, warmup / 2), LoadDriver.soldOut(soldActivity, users)).print();
        for (Map.Entry<Long, Integer> warmed : warmOrders.entrySet()) {
            ordersWritten(warmed.getKey(), warmed.getValue(), 180); // measure nothing while the consumer drains the warm-up
        }

        measure("routing floor", Integer.MAX_VALUE, settings.seconds(), LoadDriver.floor(floorActivity, users), "floor", 0);
        Thread.sleep(SETTLE_BETWEEN_PHASES_MS);
        measure("sold-out storm", Integer.MAX_VALUE, settings.seconds(), LoadDriver.soldOut(soldActivity, users), "soldout", 0);
        Thread.sleep(SETTLE_BETWEEN_PHASES_MS);
        Phase buy = measure("purchase burst", settings.users(), settings.seconds() * 6, LoadDriver.purchase(buyActivity, users),
                "purchase", 1);
        results.setProperty("purchase.token.p50.ms", Phase.ms(buy.percentile(0, 50)));
        results.setProperty("purchase.token.p99.ms", Phase.ms(buy.percentile(0, 99)));
        results.setProperty("purchase.step.p50.ms", Phase.ms(buy.percentile(1, 50)));
        results.setProperty("purchase.step.p99.ms", Phase.ms(buy.percentile(1, 99)));
        results.setProperty("purchase.pair.p50.ms", Phase.ms(buy.percentile(2, 50)));
        results.setProperty("purchase.pair.p99.ms", Phase.ms(buy.percentile(2, 99)));
        results.setProperty("purchase.accepted", String.valueOf(buy.count("202")));
        results.setProperty("purchase.pairs.per.s", Phase.fmt(buy.count("202") / buy.seconds));
        // with the consumer running beside the burst: when was the last order of the burst in MySQL
        long settled = ordersWritten(buyActivity, buy.count("202"), 300);
        results.setProperty("purchase.settled.after.burst.s", Phase.fmt((settled - buy.endMillis) / 1000.0));
    }

    private Phase measure(String name, int maxOps, int seconds, LoadDriver.Job job, String key, int kind) throws Exception {
        Phase phase = driver.run(name, maxOps, seconds, job);
        phase.print();
        phase.save(results, key, kind);
        return phase;
    }

    private String[] shoppers(int count) throws Exception {
        String[] tokens = new String[count];
        driver.run("user tokens", count, 600, (c, i, r) -> tokens[i] = LoadDriver.field(r.call(c, 0, "POST",
                "/api/auth/demo-token", null, "{\"userId\":" + (BenchSettings.FIRST_USER + i) + ",\"admin\":false}").body(), "token"))
                .requireAll("200");
        return tokens;
    }

    /** Sells the single unit, then hits the empty stock once: the service now knows it is sold out. */
    private void soldOut(long activity) throws Exception {
        for (int i = 0; i < 2; i++) {
            String path = LoadDriver.field(driver.call("POST", "/api/seckill/" + activity + "/token", users[i], null).body(), "path");
            LoadDriver.expect(driver.call("POST", "/api/seckill/" + activity + "/" + path, users[i], null), i == 0 ? 202 : 410);
        }
    }

    /** Fills the order queue while order-service is stopped: accepted purchases wait in RabbitMQ. */
    void fill() throws Exception {
        Phase fill = driver.run("queue fill (order-service stopped)", settings.drain(), 300,
                LoadDriver.purchase(drainActivity, users));
        fill.print();
        drainAccepted = fill.count("202");
        results.setProperty("drain.accepted", String.valueOf(drainAccepted));
        long deadline = System.currentTimeMillis() + 120_000;
        String stats;
        while (!"0".equals(LoadDriver.field(stats = driver.call("GET", "/api/admin/activities/" + drainActivity + "/stats",
                admin, null).body(), "pendingOutbox"))) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("outbox not relayed to RabbitMQ within 120 s: " + stats);
            }
            Thread.sleep(500);
        }
        System.out.println("  every accepted purchase is in the order queue");
    }

    /**
     * Starts counting the drain's orders before order-service starts on the full queue, so that the first
     * order is seen when it is written, not once the launcher returns.
     */
    void watchDrain() {
        int n = drainAccepted;
        drainWatch = orders.watch(drainActivity, 600, 1, drainWarmUp(n), n);
    }

    /** The first fifth of the drain warms the consumer's JIT (the service was just started). */
    private static int drainWarmUp(int orders) {
        return Math.max(1, orders / 5);
    }

    /** Order-service was just started on the full queue: orders per second into MySQL, as order-service counts them. */
    void drain() throws Exception {
        int n = drainAccepted;
        int from = drainWarmUp(n);
        long[] at = drainWatch.get();
        double all = (n - 1) * 1000.0 / Math.max(1, at[2] - at[0]);
        double steady = (n - from) * 1000.0 / Math.max(1, at[2] - at[1]);
        results.setProperty("drain.orders", String.valueOf(orders.count(drainActivity)));
        results.setProperty("drain.all.per.s", Phase.fmt(all));
        results.setProperty("drain.per.s", Phase.fmt(steady));
        System.out.printf(Locale.ROOT, "order drain: %d orders, %.0f orders/s over the last %d (%.0f/s from the first)%n",
                n, steady, n - from, all);
    }

    /** When (epoch ms) the sale was first seen with {@code expected} orders; fails after {@code maxSeconds}. */
    private long ordersWritten(long activity, int expected, int maxSeconds) throws Exception {
        return expected == 0 ? System.currentTimeMillis() : orders.reached(activity, maxSeconds, expected)[0];
    }
}
