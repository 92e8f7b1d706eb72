package com.seckill.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A crowd of distinct shoppers going through the whole purchase (path, purchase) at once, and
 * the polling of what became of each accepted request.
 */
final class Shoppers {

    private static final int THREADS = 200;
    /** How often a patient shopper is told BUSY and tries again (after Retry-After) before giving up. */
    private static final int PATIENCE = 30;

    /** {@code answeredAt}: {@link System#nanoTime()} when the answer came. */
    record Attempt(long userId, String token, int status, String requestId, String answer, long answeredAt) {

        boolean accepted() {
            return status == 202;
        }
    }

    private final SeckillSystem system;
    private final List<Long> users = new ArrayList<>();
    private final List<String> tokens = new ArrayList<>();

    /** Signs in {@code count} fresh users (demo tokens) before anything is timed. */
    Shoppers(SeckillSystem system, int count) {
        this.system = system;
        long first = SeckillSystem.uniqueId();
        for (int i = 0; i < count; i++) {
            users.add(first + i);
            tokens.add(system.token(first + i, false));
        }
    }

    /** Every shopper tries once, all released by one latch; returns when every answer is in. */
    List<Attempt> buyAtOnce(long activityId) throws Exception {
        return buyAtOnce(activityId, THREADS, false, answer -> { });
    }

    /**
     * As {@link #buyAtOnce(long)}, {@code threads} shoppers at a time. A patient shopper told 503 BUSY waits
     * its Retry-After and tries the same step again (the path it holds stays valid), as the page does;
     * {@code busy} sees every such answer.
     */
    List<Attempt> buyAtOnce(long activityId, int threads, boolean patient, java.util.function.Consumer<SeckillSystem.Response> busy)
            throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Attempt>> futures = new ArrayList<>();
        try {
            for (int i = 0; i < users.size(); i++) {
                long userId = users.get(i);
                String token = tokens.get(i);
                futures.add(pool.submit(() -> {
                    start.await();
                    return attempt(activityId, userId, token, patient, busy);
                }));
            }
            start.countDown();
            List<Attempt> attempts = new ArrayList<>();
            for (Future<Attempt> future : futures) {
                attempts.add(future.get(180, TimeUnit.SECONDS));
            }
            return attempts;
        } finally {
            pool.shutdownNow();
        }
    }

    private Attempt attempt(long activityId, long userId, String token, boolean patient,
                            java.util.function.Consumer<SeckillSystem.Response> busy) {
        try {
            SeckillSystem.Response path = step("POST", "/api/seckill/" + activityId + "/token", token, patient, busy);
            if (path.status() != 200) {
                return new Attempt(userId, token, path.status(), null, "token: " + path.raw(), System.nanoTime());
            }
            SeckillSystem.Response purchase = step("POST",
                    "/api/seckill/" + activityId + "/" + path.body().get("path").asText(), token, patient, busy);
            return new Attempt(userId, token, purchase.status(), purchase.body().path("requestId").asText(null),
                    "purchase: " + purchase.raw(), System.nanoTime());
        } catch (RuntimeException e) {
            // a gateway that is restarting refuses connections: the shopper saw no acceptance
            return new Attempt(userId, token, 0, null, e.toString(), System.nanoTime());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Attempt(userId, token, 0, null, e.toString(), System.nanoTime());
        }
    }

    private SeckillSystem.Response step(String method, String path, String token, boolean patient,
                                        java.util.function.Consumer<SeckillSystem.Response> busy) throws InterruptedException {
        SeckillSystem.Response answer = system.call(method, path, token, null);
        // a 503 whose outcome is unknown is not sent again, as the page does not: it may have been done
        for (int tries = 1; patient && answer.status() == 503 && !SaleChecks.outcomeUnknown(answer.raw()) && tries < PATIENCE; tries++) {
            busy.accept(answer);
            long seconds = answer.headers().firstValue("Retry-After").map(Long::parseLong).orElse(1L);
            Thread.sleep(Duration.ofSeconds(seconds).toMillis()); // as told, the page does the same
            answer = system.call(method, path, token, null);
        }
        if (answer.status() == 503) {
            busy.accept(answer);
        }
        return answer;
    }

    /**
     * Polls every accepted request until it is SUCCESS or FAIL; returns the final statuses by
     * request id. Requests still QUEUED when {@code within} runs out are returned as QUEUED.
     */
    Map<String, String> settle(List<Attempt> attempts, Duration within) throws InterruptedException {
        Map<String, String> outcomes = new ConcurrentHashMap<>();
        Instant deadline = Instant.now().plus(within);
        List<Attempt> open = new ArrayList<>(attempts.stream().filter(Attempt::accepted).toList());
        while (!open.isEmpty() && Instant.now().isBefore(deadline)) {
            List<Attempt> still = new ArrayList<>();
            for (Attempt attempt : open) {
                String status = status(attempt);
                outcomes.put(attempt.requestId(), status);
                if ("QUEUED".equals(status) || status.isEmpty()) {
                    still.add(attempt);
                }
            }
            open = still;
            if (!open.isEmpty()) {
                Thread.sleep(250); // poll interval, bounded by the deadline above
            }
        }
        return outcomes;
    }

    /** The request's status, or "" while it cannot be told (an error answer, e.g. 503 BUSY mid-fault: poll again). */
    private String status(Attempt attempt) {
        try {
            SeckillSystem.Response answer = system.call("GET", "/api/seckill/result/" + attempt.requestId(), attempt.token(), null);
            return answer.status() == 200 ? answer.body().path("status").asText("") : "";
        } catch (RuntimeException e) {
            return "";
        }
    }
}
