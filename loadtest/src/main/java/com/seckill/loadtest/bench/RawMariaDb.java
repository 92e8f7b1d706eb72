package com.seckill.loadtest.bench;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The baseline of the order drain: the consumer's transaction (consume-log insert, order insert,
 * conditional stock decrement, commit) straight on MariaDB at the consumer's concurrency, nothing
 * else, on a scratch database built from seckill-service's and order-service's migrations (sql/<service>/).
 */
final class RawMariaDb {

    private final BenchSettings settings;
    private final Properties results;

    RawMariaDb(BenchSettings settings, Properties results) {
        this.settings = settings;
        this.results = results;
    }

    void run(int concurrency) throws Exception {
        long activity = prepare();
        int count = settings.drain();
        int warm = Math.max(500, count / 5);
        transactions(activity, concurrency, warm, 0);
        long start = System.nanoTime();
        transactions(activity, concurrency, count, warm);
        double seconds = (System.nanoTime() - start) / 1e9;
        double rate = count / seconds;
        results.setProperty("raw.concurrency", String.valueOf(concurrency));
        results.setProperty("raw.transactions", String.valueOf(count));
        results.setProperty("raw.per.s", Phase.fmt(rate));
        System.out.printf(Locale.ROOT, "raw MariaDB: %d transactions at concurrency %d in %.2f s = %.0f tx/s%n",
                count, concurrency, seconds, rate);
    }

    /** The first migration of a service's tables (sql/&lt;service&gt;/V1__*.sql): activities, orders and the consume log. */
    private Path migration(String service) throws IOException {
        try (Stream<Path> files = Files.list(settings.root().resolve("sql").resolve(service))) {
            return files.filter(file -> file.getFileName().toString().startsWith("V1__")).findFirst()
                    .orElseThrow(() -> new IOException("no V1 migration in sql/" + service));
        }
    }

    /** A fresh scratch database with the activity and order tables and one activity; its id. */
    private long prepare() throws SQLException, IOException {
        try (Connection server = settings.db(""); Statement st = server.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS `" + BenchSettings.RAW_DATABASE + "`");
            st.execute("CREATE DATABASE `" + BenchSettings.RAW_DATABASE + "` DEFAULT CHARACTER SET utf8mb4");
        }
        try (Connection db = settings.db(BenchSettings.RAW_DATABASE, true);
             Statement st = db.createStatement()) {
            for (String service : List.of("seckill-service", "order-service")) {
                st.execute(Files.readString(migration(service)));
            }
            st.executeUpdate("INSERT INTO seckill_activity (goods_id, goods_name, price, stock_total, stock, start_time, "
                    + "end_time) VALUES (9001, 'bench raw', 1.00, 100000000, 100000000, NOW(3), NOW(3) + INTERVAL 1 DAY)",
                    Statement.RETURN_GENERATED_KEYS);
            try (ResultSet keys = st.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    private void transactions(long activity, int threads, int count, int offset) throws Exception {
        AtomicInteger next = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        List<Exception> failures = new ArrayList<>();
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(() -> {
                try (Connection db = settings.db(BenchSettings.RAW_DATABASE)) {
                    db.setAutoCommit(false);
                    ready.countDown();
                    go.await();
                    transactions(db, activity, next, count, offset);
                } catch (Exception e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                    ready.countDown();
                }
            });
            workers.add(worker);
            worker.start();
        }
        ready.await();
        go.countDown();
        for (Thread worker : workers) {
            worker.join();
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
    }

    private static void transactions(Connection db, long activity, AtomicInteger next, int count, int offset) throws SQLException {
        try (PreparedStatement log = db.prepareStatement("INSERT INTO mq_consume_log (message_id, queue, outcome) VALUES (?, ?, ?)");
             PreparedStatement order = db.prepareStatement("INSERT INTO seckill_order (order_no, request_id, user_id, activity_id, "
                     + "goods_id, goods_name, price, status) VALUES (?, ?, ?, ?, ?, ?, ?, 0)", Statement.RETURN_GENERATED_KEYS);
             PreparedStatement stock = db.prepareStatement("UPDATE seckill_activity SET stock = stock - 1 WHERE id = ? AND stock > 0")) {
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
                order.setLong(3, BenchSettings.FIRST_USER + n);
                order.setLong(4, activity);
                order.setLong(5, 9001);
                order.setString(6, "bench raw");
                order.setBigDecimal(7, BigDecimal.ONE);
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
        }
    }
}
