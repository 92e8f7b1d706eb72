package com.seckill.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The running system as a client sees it: HTTP through the gateway only, plus read access to
 * MySQL and Redis to check what the requests left behind. Configured by the same environment
 * variables as the launcher (SECKILL_GATEWAY_URL, SECKILL_DB_*, SECKILL_REDIS_*).
 */
final class SeckillSystem implements AutoCloseable {

    final ObjectMapper json = new ObjectMapper();
    private final String gateway = env("SECKILL_GATEWAY_URL", "http://127.0.0.1:8080");
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final AbstractRedisClient redisClient;
    private final StatefulConnection<String, String> redisConnection;
    /** The system's Redis, or Redis Cluster when SPRING_DATA_REDIS_CLUSTER_NODES names one, as the services see it. */
    final RedisClusterCommands<String, String> redis;

    SeckillSystem() {
        this(env("SPRING_DATA_REDIS_CLUSTER_NODES", ""));
    }

    /** @param clusterNodes the Redis Cluster the system runs on (h:p,h:p,...), or empty for the single Redis */
    SeckillSystem(String clusterNodes) {
        if (clusterNodes.isEmpty()) {
            RedisClient client = RedisClient.create(RedisURI.create(env("SECKILL_REDIS_HOST", "127.0.0.1"),
                    Integer.parseInt(env("SECKILL_REDIS_PORT", "6379"))));
            StatefulRedisConnection<String, String> connection = client.connect();
            redisClient = client;
            redisConnection = connection;
            redis = connection.sync();
        } else {
            RedisClusterClient client = RedisClusterClient.create(java.util.Arrays.stream(clusterNodes.split(","))
                    .map(node -> RedisURI.create(node.substring(0, node.lastIndexOf(':')),
                            Integer.parseInt(node.substring(node.lastIndexOf(':') + 1))))
                    .toList());
            // the test follows a failover as the services do (issue 47)
            client.setOptions(ClusterClientOptions.builder().topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
                    .enableAllAdaptiveRefreshTriggers().adaptiveRefreshTriggersTimeout(Duration.ofSeconds(1))
                    .enablePeriodicRefresh(Duration.ofSeconds(2)).build()).build());
            StatefulRedisClusterConnection<String, String> connection = client.connect();
            redisClient = client;
            redisConnection = connection;
            redis = connection.sync();
        }
    }

    record Response(int status, JsonNode body, String raw, java.net.http.HttpHeaders headers) {
    }

    record BinaryResponse(int status, String contentType, byte[] body) {
    }

    /** A GET whose answer is not JSON (the captcha PNG). */
    BinaryResponse getBytes(String path, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + path)).timeout(Duration.ofSeconds(30)).GET();
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        try {
            HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new BinaryResponse(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.body());
        } catch (IOException e) {
            throw new IllegalStateException("GET " + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    Response call(String method, String path, String token, String jsonBody) {
        return callWith(method, path, token, java.util.Map.of(), jsonBody);
    }

    /** A request through the gateway with these headers besides the token's. */
    Response callWith(String method, String path, String token, java.util.Map<String, String> headers, String jsonBody) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + path)).timeout(Duration.ofSeconds(30));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        headers.forEach(request::header);
        if (jsonBody != null) {
            request.header("Content-Type", "application/json");
            request.method(method, HttpRequest.BodyPublishers.ofString(jsonBody));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            String raw = response.body();
            JsonNode body = raw == null || raw.isBlank() || !raw.strip().startsWith("{") && !raw.strip().startsWith("[")
                    ? json.nullNode() : json.readTree(raw);
            return new Response(response.statusCode(), body, raw, response.headers());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A request sent straight to a port of this machine, around the gateway, with the given headers. */
    Response callDirect(int port, String method, String path, java.util.Map<String, String> headers, String jsonBody) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, jsonBody == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(jsonBody));
        headers.forEach(request::header);
        if (jsonBody != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            String raw = response.body();
            JsonNode body = raw == null || !raw.strip().startsWith("{") ? json.nullNode() : json.readTree(raw);
            return new Response(response.statusCode(), body, raw, response.headers());
        } catch (IOException e) {
            throw new IllegalStateException(method + " :" + port + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * GETs of these paths one after another on one keep-alive connection, each sent as soon as the body of
     * the answer before it has been read (as a browser or Java's HttpClient does): the status of each, or
     * -1 for one not answered within {@code wait} (the ones after it are not sent).
     */
    List<Integer> getInTurn(List<String> paths, Duration wait) {
        URI target = URI.create(gateway);
        List<Integer> statuses = new ArrayList<>();
        try (java.net.Socket socket = new java.net.Socket(target.getHost(), target.getPort())) {
            socket.setSoTimeout((int) wait.toMillis());
            java.io.InputStream in = new java.io.BufferedInputStream(socket.getInputStream());
            for (String path : paths) {
                socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: " + target.getHost() + ":" + target.getPort()
                        + "\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
                socket.getOutputStream().flush();
                try {
                    statuses.add(readOneAnswer(in));
                } catch (java.net.SocketTimeoutException e) {
                    statuses.add(-1);
                    break;
                }
            }
            return statuses;
        } catch (IOException e) {
            throw new IllegalStateException("GET " + paths + " in turn failed after " + statuses + ": " + e, e);
        }
    }

    /** One answer (a Content-Length or chunked body) off a keep-alive connection, not a byte beyond it: its status. */
    private static int readOneAnswer(java.io.InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (head.length() < 4 || !head.substring(head.length() - 4).equals("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after " + head);
            }
            head.append((char) b);
        }
        java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?mi)^content-length:\\s*(\\d+)").matcher(head);
        if (length.find()) {
            in.readNBytes(Integer.parseInt(length.group(1)));
        } else if (head.toString().toLowerCase(java.util.Locale.ROOT).contains("\ntransfer-encoding: chunked")) {
            for (int size; (size = Integer.parseInt(line(in).split(";")[0].strip(), 16)) > 0; ) {
                in.readNBytes(size + 2);
            }
            line(in);
        } else {
            throw new IOException("neither Content-Length nor chunked: " + head);
        }
        return Integer.parseInt(head.substring(9, 12));
    }

    private static String line(java.io.InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b; (b = in.read()) != '\n'; ) {
            if (b < 0) {
                throw new IOException("closed in a chunked body");
            }
            line.append((char) b);
        }
        return line.toString();
    }

    /**
     * A request written byte for byte on its own connection to the gateway: the path goes out exactly as
     * given (no client normalises dot segments, escapes or backslashes away), which is what an attacker's
     * tools do.
     */
    Response raw(String method, String rawPath, String token, String jsonBody) {
        URI target = URI.create(gateway);
        StringBuilder request = new StringBuilder(method).append(' ').append(rawPath).append(" HTTP/1.1\r\n")
                .append("Host: ").append(target.getHost()).append(':').append(target.getPort()).append("\r\n")
                .append("Connection: close\r\n");
        if (token != null) {
            request.append("Authorization: Bearer ").append(token).append("\r\n");
        }
        byte[] body = jsonBody == null ? new byte[0] : jsonBody.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        if (jsonBody != null) {
            request.append("Content-Type: application/json\r\n");
        }
        request.append("Content-Length: ").append(body.length).append("\r\n\r\n");
        try (java.net.Socket socket = new java.net.Socket(target.getHost(), target.getPort())) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(request.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            socket.getOutputStream().write(body);
            socket.getOutputStream().flush();
            String answer = readAnswer(socket.getInputStream());
            int status = Integer.parseInt(answer.substring(9, 12));
            int split = answer.indexOf("\r\n\r\n");
            String head = answer.substring(0, split).toLowerCase(java.util.Locale.ROOT);
            String raw = answer.substring(split + 4);
            if (head.contains("\ntransfer-encoding: chunked")) {
                raw = unchunk(raw);
            }
            JsonNode parsed = raw.strip().startsWith("{") || raw.strip().startsWith("[") ? json.readTree(raw) : json.nullNode();
            return new Response(status, parsed, answer, null);
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException(method + " " + rawPath + " failed: " + e, e);
        }
    }

    /**
     * Everything the server sent until it closed. A server that answers before reading a body it does not
     * want (a 404 for a POST) and closes may reset the connection under the unread bytes: what arrived
     * before the reset is the answer.
     */
    private static String readAnswer(java.io.InputStream in) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
            }
        } catch (java.net.SocketException e) {
            if (out.toString(java.nio.charset.StandardCharsets.ISO_8859_1).indexOf("\r\n\r\n") < 0) {
                throw e;
            }
        }
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String unchunk(String chunked) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at < chunked.length()) {
            int lineEnd = chunked.indexOf("\r\n", at);
            int size = Integer.parseInt(chunked.substring(at, lineEnd).strip(), 16);
            if (size == 0) {
                break;
            }
            out.append(chunked, lineEnd + 2, Math.min(chunked.length(), lineEnd + 2 + size));
            at = lineEnd + 2 + size + 2;
        }
        return out.toString();
    }

    String token(long userId, boolean admin) {
        Response response = call("POST", "/api/auth/demo-token", null,
                "{\"userId\":" + userId + ",\"admin\":" + admin + "}");
        if (response.status() != 200) {
            throw new IllegalStateException("demo token refused: " + response.raw());
        }
        return response.body().get("token").asText();
    }

    /** Creates a running activity through the admin API and returns its id. */
    long createActivity(int stock) {
        return createActivity(stock, false);
    }

    /** Creates a running activity sold from {@code buckets} Redis buckets ({@code "buckets":K}) and returns its id. */
    long createActivityInBuckets(int stock, int buckets) {
        Instant start = Instant.now().minusSeconds(2);
        String body = """
                {"goodsId":%d,"goodsName":"E2E hot phone","price":1.99,"stock":%d,"startTime":"%s","endTime":"%s","buckets":%d}
                """.formatted(uniqueId(), stock, start, start.plus(Duration.ofHours(1)), buckets);
        Response created = call("POST", "/api/admin/activities", token(uniqueId(), true), body);
        if (created.status() != 201) {
            throw new IllegalStateException("activity not created: " + created.raw());
        }
        return created.body().get("id").asLong();
    }

    /** Creates a running activity with the given administrator's token (where there are no demo tokens). */
    long createActivity(int stock, String adminToken) {
        return createActivity(stock, false, adminToken);
    }

    /** Creates a running activity, with or without captcha, through the admin API and returns its id. */
    long createActivity(int stock, boolean captchaRequired) {
        return createActivity(stock, captchaRequired, token(uniqueId(), true));
    }

    private long createActivity(int stock, boolean captchaRequired, String adminToken) {
        Instant start = Instant.now().minusSeconds(2);
        return createActivity("E2E phone", stock, start, start.plus(Duration.ofHours(1)), captchaRequired, adminToken);
    }

    /** Creates an activity with its own name and sale window through the admin API and returns its id. */
    long createActivity(String goodsName, int stock, Instant start, Instant end) {
        return createActivity(goodsName, stock, start, end, false, token(uniqueId(), true));
    }

    private long createActivity(String goodsName, int stock, Instant start, Instant end, boolean captchaRequired, String adminToken) {
        String body = """
                {"goodsId":%d,"goodsName":"%s","price":1.99,"stock":%d,"startTime":"%s","endTime":"%s","captchaRequired":%s}
                """.formatted(uniqueId(), goodsName, stock, start, end, captchaRequired);
        Response created = call("POST", "/api/admin/activities", adminToken, body);
        if (created.status() != 201) {
            throw new IllegalStateException("activity not created: " + created.raw());
        }
        return created.body().get("id").asLong();
    }

    /** Buys one unit as the shopper of {@code token} (path, purchase, result): the order id, once written. */
    long buy(long activityId, String token) {
        Response path = call("POST", "/api/seckill/" + activityId + "/token", token, null);
        Response accepted = call("POST", "/api/seckill/" + activityId + "/" + path.body().path("path").asText(), token, null);
        if (accepted.status() != 202) {
            throw new IllegalStateException("purchase not accepted: " + accepted.raw());
        }
        String requestId = accepted.body().get("requestId").asText();
        JsonNode result = org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30))
                .until(() -> call("GET", "/api/seckill/result/" + requestId, token, null).body(),
                        body -> !"QUEUED".equals(body.path("status").asText()));
        if (!"SUCCESS".equals(result.path("status").asText())) {
            throw new IllegalStateException("purchase failed: " + result);
        }
        return result.get("orderId").asLong();
    }

    /** {@link #buy}, then pays through the sandbox provider: the order id, once the order is paid and its payment applied. */
    long buyAndPay(long activityId, String token) {
        long orderId = buy(activityId, token);
        Response payment = call("POST", "/api/payments", token, "{\"orderId\":" + orderId + "}");
        Response simulated = call("POST", "/api/payments/" + payment.body().path("tradeNo").asText() + "/simulate", token, null);
        if (payment.status() != 201 || simulated.status() != 200) {
            throw new IllegalStateException("not paid: " + payment.raw() + " " + simulated.raw());
        }
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() ->
                queryLongs("SELECT order_notified FROM payment WHERE order_id = ? AND status = 1", orderId).equals(List.of(1L))
                        && queryLong("SELECT status FROM seckill_order WHERE id = ?", orderId) == 1);
        return orderId;
    }

    /** An activity with a waiting room (contract §11): the queue opens 10 minutes before {@code start}. */
    long createQueuedActivity(String goodsName, int stock, Instant start, int admissionPerSecond) {
        String body = """
                {"goodsId":%d,"goodsName":"%s","price":1.99,"stock":%d,"startTime":"%s","endTime":"%s","captchaRequired":false,
                 "waitingRoom":{"enabled":true,"admissionPerSecond":%d,"opensBeforeSeconds":600,"admissionSeconds":60}}
                """.formatted(uniqueId(), goodsName, stock, start, start.plus(Duration.ofHours(1)), admissionPerSecond);
        Response created = call("POST", "/api/admin/activities", token(uniqueId(), true), body);
        if (created.status() != 201) {
            throw new IllegalStateException("activity not created: " + created.raw());
        }
        return created.body().get("id").asLong();
    }

    long queryLong(String sql, Object... args) {
        List<Long> values = queryLongs(sql, args);
        if (values.isEmpty()) {
            throw new IllegalStateException("no row: " + sql);
        }
        return values.get(0);
    }

    /** The first column of every row. */
    List<Long> queryLongs(String sql, Object... args) {
        try (Connection c = database();
             PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                List<Long> values = new java.util.ArrayList<>();
                while (rs.next()) {
                    values.add(rs.getLong(1));
                }
                return values;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Changes rows behind the system's back: only for what a test cannot wait for (time passing), never for
     * what the system should have done.
     *
     * @return the rows changed
     */
    int update(String sql, Object... args) {
        try (Connection c = database();
             PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Connection database() throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://" + env("SECKILL_DB_HOST", "127.0.0.1") + ":"
                + env("SECKILL_DB_PORT", "3306") + "/" + env("SECKILL_DB_NAME", "seckill") + "?useSSL=false&allowPublicKeyRetrieval=true",
                env("SECKILL_DB_USER", "root"), env("SECKILL_DB_PASSWORD", ""));
    }

    /** User ids of this run: far from the demo's and from any other run's. */
    static long uniqueId() {
        return ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    @Override
    public void close() {
        redisConnection.close();
        redisClient.shutdown();
    }
}
