package com.seckill.loadtest.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The waiting-room bench's shoppers, each doing what the shop page does (join, poll when told, buy once
 * admitted), and what they saw: every answer's time and status, the places told against the join order,
 * when the last unit sold and when each shopper not served heard SOLD_OUT.
 */
final class WaitingRoomCrowd {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Pattern STATUS = Pattern.compile("\"status\":\"([A-Z_]+)\"");
    private static final Pattern POSITION = Pattern.compile("\"position\":(\\d+)");
    private static final Pattern POLL = Pattern.compile("\"pollAfterMs\":(\\d+)");
    private static final Pattern TICKET = Pattern.compile("\"ticket\":\"([A-Za-z0-9_.-]+)\"");
    private static final Pattern ADMISSION = Pattern.compile("\"admission\":\"([A-Za-z0-9_.-]+)\"");
    private static final Pattern PATH = Pattern.compile("\"path\":\"([A-Za-z0-9_.-]+)\"");


    private final String gateway;
    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    final List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
    /** The same answer times by request ({@code GET queue}, {@code POST queue}, {@code POST token}, {@code POST purchase}). */
    final Map<String, List<Long>> latenciesByRequest = new ConcurrentHashMap<>();
    final Map<String, AtomicLong> answers = new ConcurrentHashMap<>();
    final AtomicLong timeouts = new AtomicLong();
    final AtomicLong serverErrors = new AtomicLong();
    final AtomicLong lastSale = new AtomicLong();
    final List<Long> toldSoldOutAt = Collections.synchronizedList(new ArrayList<>());
    /** user id -> the place told, of the shoppers who joined before the start and were told one after it. */
    final Map<Long, Long> earlyPlaces = new ConcurrentHashMap<>();
    /** user id -> when (System.nanoTime) a shopper who came before the start first asked to join. */
    final Map<Long, Long> earlyJoinedAt = new ConcurrentHashMap<>();
    /** (when the shopper first asked to join, System.nanoTime; the place it was told) of those who came after the start. */
    final List<long[]> latePlaces = Collections.synchronizedList(new ArrayList<>());


    WaitingRoomCrowd(String gateway) {
        this.gateway = gateway;
    }

    record Answer(int status, String body, long nanos, long retryAfterMs) {
    }

    Answer send(String method, String path, String token, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + path)).timeout(TIMEOUT)
                .method(method, HttpRequest.BodyPublishers.noBody()).header("Authorization", "Bearer " + token);
        headers.forEach(request::header);
        long start = System.nanoTime();
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            long nanos = System.nanoTime() - start;
            latencies.add(nanos);
            latenciesByRequest.computeIfAbsent(method + " " + kind(path), k -> Collections.synchronizedList(new ArrayList<>())).add(nanos);
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

    /**
     * A page: join, poll as told (pollAfterMs; Retry-After when BUSY), join again when it holds no place (a
     * join told BUSY), buy once admitted; the end: bought, sold out, told it bought already, or given up.
     * Told before the start to come back at it, the shopper comes back within the second after
     * {@code herdAtMillis} (the herd at the start: every early page asking at once), not when told.
     */
    void shopper(long activity, long userId, String token, boolean early, long herdAtMillis, CountDownLatch done) {
        String queue = "/api/seckill/" + activity + "/queue";
        try {
            String ticket = null;
            boolean placed = false;
            long firstAsked = System.nanoTime();
            if (early) {
                earlyJoinedAt.put(userId, firstAsked);
            }
            Answer answer = send("POST", queue, token, Map.of());
            for (int visits = 0; visits < 400; visits++) {
                if (answer.status() == 200) {
                    ticket = Objects.requireNonNullElse(find(TICKET, answer.body()), ticket);
                    String status = find(STATUS, answer.body());
                    String position = find(POSITION, answer.body());
                    if (!placed && ticket != null && position != null && "WAITING".equals(status) && !answer.body().contains("drawAt")) {
                        if (early) {
                            earlyPlaces.put(userId, Long.parseLong(position));
                        } else {
                            latePlaces.add(new long[] {firstAsked, Long.parseLong(position)});
                        }
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
                if (after != null && answer.body().contains("drawAt") && herdAtMillis > 0) {
                    Thread.sleep(Math.max(0, herdAtMillis - System.currentTimeMillis()) + ThreadLocalRandom.current().nextLong(1_000));
                } else {
                    Thread.sleep(after != null ? Long.parseLong(after) : answer.retryAfterMs());
                }
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

}
