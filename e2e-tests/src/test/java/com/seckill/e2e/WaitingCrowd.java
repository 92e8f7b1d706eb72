package com.seckill.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Shoppers in a waiting room (contract §11), each doing what the shop page does: join, ask again with
 * its ticket when told (pollAfterMs, or Retry-After when BUSY), buy at once when admitted. Keeps every
 * place each was told once the places were drawn, the purchases accepted, and how each visit ended.
 */
final class WaitingCrowd {

    private static final int THREADS = 100;
    private static final long DEFAULT_WAIT_MS = 1_000;

    /** How a visit ended: bought (a 202), told SOLD_OUT, or told it had bought already. */
    enum End { BOUGHT, SOLD_OUT, ALREADY_BOUGHT }

    private final SeckillSystem system;
    private volatile long activityId;
    private final List<Long> users = new ArrayList<>();
    private final List<String> tokens = new ArrayList<>();
    private final Map<Long, String> tickets = new ConcurrentHashMap<>();
    private final Map<Long, Long> dueAt = new ConcurrentHashMap<>();
    private final Map<Long, List<Long>> places = new ConcurrentHashMap<>();
    private final Map<Long, End> ends = new ConcurrentHashMap<>();
    private final java.util.Set<Long> admitted = ConcurrentHashMap.newKeySet();
    private final List<Shoppers.Attempt> accepted = Collections.synchronizedList(new ArrayList<>());
    private final Map<Integer, Long> statuses = new ConcurrentHashMap<>();

    /** Signs in {@code count} fresh shoppers before anything is timed. */
    WaitingCrowd(SeckillSystem system, int count) {
        this.system = system;
        long first = SeckillSystem.uniqueId();
        for (int i = 0; i < count; i++) {
            users.add(first + i);
            tokens.add(system.token(first + i, false));
        }
    }

    /**
     * Every shopper joins the activity's waiting room, those told BUSY again when told, until each holds a
     * ticket or {@code before} comes; returns how many hold one.
     */
    long joinAll(long activityId, Instant before) throws Exception {
        this.activityId = activityId;
        while (tickets.size() < users.size() && Instant.now().isBefore(before)) {
            long now = System.currentTimeMillis();
            everyone(i -> {
                long userId = users.get(i);
                if (tickets.containsKey(userId) || dueAt.getOrDefault(userId, 0L) > now) {
                    return 0;
                }
                told(userId, ask("POST", i, Map.of()));
                return 1;
            });
            Thread.sleep(100); // the next round, for those told to come back; bounded by the start
        }
        return tickets.size();
    }

    /**
     * Rounds of the shoppers who are due (told to come back by now): each asks where it stands and buys if
     * admitted; until every visit has ended, {@code stop} says so after a round, or {@code within} runs out.
     */
    void shop(BooleanSupplier stop, Duration within) throws Exception {
        Instant deadline = Instant.now().plus(within);
        while (ends.size() < users.size() && Instant.now().isBefore(deadline)) {
            long now = System.currentTimeMillis();
            everyone(i -> visit(i, now));
            if (stop.getAsBoolean()) {
                return;
            }
            Thread.sleep(100); // the next round: shoppers come back when told, bounded by the deadline
        }
    }

    /** The places each shopper was told after the draw, in order (empty for one served before it was told any). */
    Map<Long, List<Long>> places() {
        return places;
    }

    /** How many places each shopper was told so far. */
    Map<Long, Integer> placesTold() {
        Map<Long, Integer> told = new java.util.HashMap<>();
        places.forEach((user, list) -> told.put(user, list.size()));
        return told;
    }

    /** Every shopper whose visit goes on was told a place since the draw, or admitted. */
    boolean everyoneWaitingWasPlaced() {
        return users.stream().allMatch(user -> ends.containsKey(user) || places.containsKey(user) || admitted.contains(user));
    }

    Map<Long, End> ends() {
        return ends;
    }

    long count(End end) {
        return ends.values().stream().filter(end::equals).count();
    }

    int size() {
        return users.size();
    }

    /** The purchases answered 202, to settle. */
    List<Shoppers.Attempt> accepted() {
        return List.copyOf(accepted);
    }

    /** How many answers of each HTTP status the crowd had (-1: no answer at all). */
    Map<Integer, Long> statuses() {
        return new java.util.TreeMap<>(statuses);
    }

    private interface Visit {
        long of(int shopper) throws Exception;
    }

    private long everyone(Visit visit) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<Long>> done = new ArrayList<>();
            for (int i = 0; i < users.size(); i++) {
                int shopper = i;
                done.add(pool.submit(() -> visit.of(shopper)));
            }
            long sum = 0;
            for (Future<Long> future : done) {
                sum += future.get(120, TimeUnit.SECONDS);
            }
            return sum;
        } finally {
            pool.shutdownNow();
        }
    }

    private long visit(int i, long now) {
        long userId = users.get(i);
        if (ends.containsKey(userId) || dueAt.getOrDefault(userId, 0L) > now) {
            return 0;
        }
        String ticket = tickets.get(userId);
        SeckillSystem.Response answer = ticket == null ? ask("POST", i, Map.of()) : ask("GET", i, Map.of("X-Seckill-Ticket", ticket));
        told(userId, answer);
        if (answer.status() == 200 && "ADMITTED".equals(answer.body().path("status").asText())) {
            admitted.add(userId);
            buy(i, answer.body().path("admission").asText());
        }
        return 1;
    }

    private SeckillSystem.Response ask(String method, int i, Map<String, String> headers) {
        return send(method, "/api/seckill/" + activityId + "/queue", tokens.get(i), headers);
    }

    /** One request; no answer at all (a connection refused, a timeout) is status -1, and the shopper comes back. */
    private SeckillSystem.Response send(String method, String path, String token, Map<String, String> headers) {
        SeckillSystem.Response answer;
        try {
            answer = system.callWith(method, path, token, headers, null);
        } catch (IllegalStateException e) {
            answer = new SeckillSystem.Response(-1, com.fasterxml.jackson.databind.node.NullNode.getInstance(), e.toString(), null);
        }
        statuses.merge(answer.status(), 1L, Long::sum);
        return answer;
    }

    /** What the answer tells the shopper: its ticket and place, when to come back, or that its visit is over. */
    private void told(long userId, SeckillSystem.Response answer) {
        JsonNode body = answer.body();
        long wait = DEFAULT_WAIT_MS;
        if (answer.status() == 200) {
            if (body.hasNonNull("ticket")) {
                tickets.put(userId, body.path("ticket").asText());
            }
            String status = body.path("status").asText();
            if (("WAITING".equals(status) || "PAUSED".equals(status)) && !body.hasNonNull("drawAt") && body.hasNonNull("position")) {
                places.computeIfAbsent(userId, u -> Collections.synchronizedList(new ArrayList<>())).add(body.path("position").asLong());
            }
            if ("SOLD_OUT".equals(status)) {
                ends.put(userId, End.SOLD_OUT);
            }
            if ("EXPIRED".equals(status)) {
                tickets.remove(userId); // its admission ran out unused: it joins again, at the back
            }
            wait = body.path("pollAfterMs").asLong(DEFAULT_WAIT_MS);
        } else if (answer.status() == 410) {
            ends.put(userId, End.SOLD_OUT);
        } else if (answer.status() == 409) {
            ends.put(userId, End.ALREADY_BOUGHT);
        } else {
            wait = answer.headers() == null ? DEFAULT_WAIT_MS
                    : answer.headers().firstValue("Retry-After").map(s -> Long.parseLong(s) * 1000).orElse(DEFAULT_WAIT_MS);
        }
        dueAt.put(userId, System.currentTimeMillis() + wait);
    }

    /** A path with the admission, then the purchase; a refusal of either is told as the page tells it. */
    private void buy(int i, String admission) {
        long userId = users.get(i);
        String token = tokens.get(i);
        SeckillSystem.Response path = send("POST", "/api/seckill/" + activityId + "/token", token, Map.of("X-Seckill-Admission", admission));
        if (path.status() != 200) {
            told(userId, path);
            return;
        }
        SeckillSystem.Response purchase = send("POST", "/api/seckill/" + activityId + "/" + path.body().path("path").asText(), token, Map.of());
        if (purchase.status() == 202) {
            accepted.add(new Shoppers.Attempt(userId, token, 202, purchase.body().path("requestId").asText(), "purchase: " + purchase.raw(),
                    System.nanoTime()));
            ends.put(userId, End.BOUGHT);
        } else {
            told(userId, purchase);
        }
    }
}
