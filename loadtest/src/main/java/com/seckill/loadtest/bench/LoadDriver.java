package com.seckill.loadtest.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bench's load: a closed loop of {@code BENCH_CONNECTIONS} client threads against the gateway on
 * 127.0.0.1, each phase bounded in iterations and in time. HTTP/1.1 keep-alive, one JDK client per
 * eight threads (a client has one selector thread).
 */
final class LoadDriver {

    /** One iteration of one virtual user. */
    interface Job {
        void run(HttpClient client, int iteration, Recorder recorder) throws Exception;
    }

    /** An answer: status (-1 when the request failed) and body. */
    record Resp(int status, String body) {
    }

    private final String gateway;
    private final int connections;
    private final HttpClient[] clients;

    LoadDriver(String gateway, int connections) {
        this.gateway = gateway;
        this.connections = connections;
        this.clients = new HttpClient[Math.max(1, (connections + 7) / 8)];
        for (int i = 0; i < clients.length; i++) {
            clients[i] = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(5)).build();
        }
    }

    /** The threads share the work: at most {@code maxOps} iterations and {@code maxSeconds} of wall time. */
    Phase run(String name, int maxOps, int maxSeconds, Job job) throws InterruptedException {
        int threads = Math.min(connections, maxOps);
        AtomicInteger next = new AtomicInteger();
        Recorder[] recorders = new Recorder[threads];
        Thread[] workers = new Thread[threads];
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        long[] deadline = new long[1];
        for (int t = 0; t < threads; t++) {
            Recorder recorder = recorders[t] = new Recorder(this);
            HttpClient client = clients[t % clients.length];
            workers[t] = new Thread(() -> {
                ready.countDown();
                try {
                    go.await();
                    int i;
                    while (System.nanoTime() < deadline[0] && (i = next.getAndIncrement()) < maxOps) {
                        job.run(client, i, recorder);
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
        for (Thread worker : workers) {
            worker.join();
        }
        return Phase.of(name, (System.nanoTime() - start) / 1e9, recorders);
    }

    Resp send(HttpClient client, String method, String path, String bearer, String json) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + path)).timeout(Duration.ofSeconds(30));
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        if (json != null) {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(json));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<String> answer = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Resp(answer.statusCode(), answer.body());
    }

    Resp call(String method, String path, String bearer, String json) throws IOException, InterruptedException {
        return send(clients[0], method, path, bearer, json);
    }

    static Resp expect(Resp answer, int status) {
        if (answer.status() != status) {
            throw new IllegalStateException("expected " + status + ", got " + answer.status() + ": " + answer.body());
        }
        return answer;
    }

    /** A shopper's (or an admin's) token from the demo-token endpoint the bench's system runs with. */
    String token(long userId, boolean admin) throws IOException, InterruptedException {
        return field(expect(call("POST", "/api/auth/demo-token", null, "{\"userId\":" + userId + ",\"admin\":" + admin + "}"),
                200).body(), "token");
    }

    long createActivity(String admin, String name, int stock) throws IOException, InterruptedException {
        Instant now = Instant.now();
        String body = "{\"goodsId\":9001,\"goodsName\":\"" + name + "\",\"price\":1.00,\"stock\":" + stock
                + ",\"startTime\":\"" + now.minusSeconds(2) + "\",\"endTime\":\"" + now.plus(Duration.ofHours(6))
                + "\",\"captchaRequired\":false}";
        return Long.parseLong(field(expect(call("POST", "/api/admin/activities", admin, body), 201).body(), "id"));
    }

    /** A top-level field of a small JSON answer, as text (the bench needs no JSON library for it). */
    static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"?([^\",}]*)").matcher(json == null ? "" : json);
        return m.find() ? m.group(1) : null;
    }

    static Job floor(long activity, String[] users) {
        return (c, i, r) -> r.call(c, 0, "GET", "/api/activities/" + activity, users[i % users.length], null);
    }

    static Job soldOut(long activity, String[] users) {
        return (c, i, r) -> r.call(c, 0, "POST", "/api/seckill/" + activity + "/token", users[i % users.length], null);
    }

    /** Path, then purchase: kind 0 the path request, kind 1 the purchase, kind 2 the two together. */
    static Job purchase(long activity, String[] users) {
        return (c, i, r) -> {
            String user = users[i];
            long start = System.nanoTime();
            Resp token = r.call(c, 0, "POST", "/api/seckill/" + activity + "/token", user, null);
            if (token.status() != 200) {
                return;
            }
            r.call(c, 1, "POST", "/api/seckill/" + activity + "/" + field(token.body(), "path"), user, null);
            r.record(2, System.nanoTime() - start);
        };
    }
}
