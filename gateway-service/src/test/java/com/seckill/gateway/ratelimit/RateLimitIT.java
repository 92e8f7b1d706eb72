package com.seckill.gateway.ratelimit;

import static com.seckill.gateway.GatewayTests.expectProblem;
import static com.seckill.gateway.GatewayTests.randomAddress;
import static com.seckill.gateway.GatewayTests.randomId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;
import static org.awaitility.Awaitility.await;

import com.seckill.gateway.redis.GatewayKeys;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.gateway.EchoService;
import com.seckill.gateway.GatewayTests;
import com.seckill.gateway.auth.JwtTokens;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The limiter against real Redis. The test client is 127.0.0.1, trusted here as a proxy, so each test
 * speaks for a fresh client address through X-Forwarded-For and never shares a bucket with another.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RateLimitIT {

    private static final int PER_IP = 20;
    private static final int PER_USER = 3;
    private static final int PER_ACTIVITY = 5;
    private static final EchoService services = EchoService.start();

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        GatewayTests.wire(registry, services);
        registry.add("seckill.gateway.trusted-proxies", () -> "127.0.0.1,::1");
        registry.add("seckill.gateway.rate-limit.per-ip", () -> PER_IP);
        registry.add("seckill.gateway.rate-limit.per-user", () -> PER_USER);
        registry.add("seckill.gateway.rate-limit.per-activity", () -> PER_ACTIVITY);
        registry.add("seckill.gateway.rate-limit.burst", () -> "1s");
        // What is measured here is the limiter: the overload gate stays wider than any test's crowd (OverloadIT tests it).
        registry.add("seckill.gateway.overload.initial-limit", () -> 200);
        registry.add("seckill.gateway.overload.min-limit", () -> 200);
    }

    @AfterAll
    static void stopServices() {
        services.stop();
    }

    @Autowired
    WebTestClient web;
    @Autowired
    JwtTokens tokens;
    @Autowired
    ReactiveStringRedisTemplate redis;
    @Autowired
    PurchasePaths purchasePaths;
    @Autowired
    LocalBuckets limiter;
    @Autowired
    RateLimitProperties properties;

    private EntityExchangeResult<byte[]> get(String path, String address, String token) {
        return web.get().uri(path).header("X-Forwarded-For", address)
                .headers(h -> {
                    if (token != null) {
                        h.setBearerAuth(token);
                    }
                })
                .exchange().expectBody().returnResult();
    }

    private EntityExchangeResult<byte[]> post(String path, String address, String token) {
        return web.post().uri(path).header("X-Forwarded-For", address).headers(h -> h.setBearerAuth(token))
                .exchange().expectBody().returnResult();
    }

    @Test
    void oneUserFiringFiftyRequestsASecondGets429sWithRetryAfterWhileAnotherUserIsUnaffected() throws Exception {
        String address = randomAddress();
        String flooder = tokens.issue(randomId(), false);
        List<EntityExchangeResult<byte[]>> answers = new ArrayList<>();
        long started = System.nanoTime();
        String askPath = "/api/seckill/" + randomId() + "/token";
        for (int i = 0; i < 50; i++) {
            answers.add(post(askPath, address, flooder));
            Thread.sleep(20);
        }
        double seconds = (System.nanoTime() - started) / 1e9;

        long admitted = answers.stream().filter(a -> a.getStatus().value() == 200).count();
        List<EntityExchangeResult<byte[]>> limited = answers.stream().filter(a -> a.getStatus().value() == 429).toList();
        assertThat(admitted + limited.size()).isEqualTo(50);
        // A full bucket of one second, plus what refilled while the flood lasted.
        assertThat(admitted).isBetween(1L, (long) (PER_USER + Math.ceil(seconds * PER_USER)));
        assertThat(limited).allSatisfy(answer -> {
            assertThat(answer.getResponseHeaders().getFirst("Retry-After")).matches("[1-9][0-9]*");
            assertThat(new String(answer.getResponseBodyContent())).contains("\"code\":\"RATE_LIMITED\"");
        });

        // Same address, same second: the other user has a bucket of its own, and the address has room.
        assertThat(post(askPath, address, tokens.issue(randomId(), false)).getStatus().value()).isEqualTo(200);
        // Reading one's own state is metered by address only: polling a result is how the API is used.
        assertThat(get("/api/seckill/result/req-1", address, flooder).getStatus().value()).isEqualTo(200);
    }

    @Test
    void oneAddressIsLimitedWhateverUsersItClaims() throws Exception {
        String address = randomAddress();
        int requests = PER_IP * 3;
        List<String> callers = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            callers.add(i % 2 == 0 ? null : tokens.issue(randomId(), false));
        }
        ExecutorService pool = Executors.newFixedThreadPool(requests);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> answers = new ArrayList<>();
        long started;
        try {
            for (String caller : callers) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return get("/api/activities", address, caller).getStatus().value();
                }));
            }
            started = System.nanoTime();
            start.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get(30, TimeUnit.SECONDS));
            }
            double seconds = (System.nanoTime() - started) / 1e9;

            assertThat(statuses).containsOnly(200, 429);
            long admitted = statuses.stream().filter(status -> status == 200).count();
            assertThat(admitted).isBetween((long) PER_IP, (long) (PER_IP + Math.ceil(seconds * PER_IP)));
        } finally {
            pool.shutdownNow();
        }
        assertThat(get("/api/activities", randomAddress(), null).getStatus().value()).isEqualTo(200);
    }

    @Test
    void healthIsNeverLimited() {
        String address = randomAddress();
        for (int i = 0; i < PER_IP * 2; i++) {
            assertThat(get("/actuator/health", address, null).getStatus().value()).isEqualTo(200);
        }
    }

    @Test
    void purchaseAttemptsOnOneActivityAreCappedAcrossUsers() {
        long activityId = randomId();
        String purchasePrefix = "/api/seckill/" + activityId + "/";
        List<Long> users = new ArrayList<>();
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < PER_ACTIVITY + 4; i++) {
            long userId = randomId();
            users.add(userId);
            paths.add(purchasePaths.issue(activityId, userId, Instant.now().plusSeconds(60)));
        }

        List<Integer> statuses = new ArrayList<>();
        long started = System.nanoTime();
        for (int i = 0; i < users.size(); i++) {
            String token = tokens.issue(users.get(i), false);
            statuses.add(web.post().uri(purchasePrefix + paths.get(i)).header("X-Forwarded-For", randomAddress())
                    .headers(h -> h.setBearerAuth(token)).exchange().expectBody().returnResult().getStatus().value());
        }

        double seconds = (System.nanoTime() - started) / 1e9;

        assertThat(statuses).containsOnly(200, 429);
        long routed = services.countUnder(purchasePrefix);
        // a full bucket of one second, plus what refilled while the attempts lasted
        assertThat(routed).isEqualTo(statuses.stream().filter(s -> s == 200).count())
                .isBetween((long) PER_ACTIVITY, (long) (PER_ACTIVITY + Math.ceil(seconds * PER_ACTIVITY)));
    }

    @Test
    void underConcurrencyTheScriptNeverAdmitsMoreThanTheBucketHolds() throws Exception {
        int capacity = 50;
        // Refills one token in ~17 minutes: whatever the scheduling, only the initial tokens can be won.
        Bucket bucket = new Bucket(GatewayKeys.rate("it:" + UUID.randomUUID()), 0.001, capacity);
        int threads = 64;
        int calls = 400;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Boolean>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < calls; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return limiter.acquire(List.of(bucket)).isZero();
                }));
            }
            start.countDown();
            int admitted = 0;
            for (Future<Boolean> answer : answers) {
                if (answer.get(30, TimeUnit.SECONDS)) {
                    admitted++;
                }
            }
            assertThat(admitted).isEqualTo(capacity);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aRequestTakesATokenFromEveryBucketOrFromNone() {
        Bucket tight = new Bucket(GatewayKeys.rate("it:" + UUID.randomUUID()), 0.001, 5);
        Bucket roomy = new Bucket(GatewayKeys.rate("it:" + UUID.randomUUID()), 0.001, 100);
        int admitted = 0;
        for (int i = 0; i < 20; i++) {
            if (limiter.acquire(List.of(roomy, tight)).isZero()) {
                admitted++;
            }
        }

        assertThat(admitted).isEqualTo(5);
        // shared with the other instances within moments, in Redis (contract §6 seckill:rate:*)
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(level(roomy)).isCloseTo(95.0, offset(0.1)));
        assertThat(level(tight)).isCloseTo(0.0, offset(0.1));
        assertThat(redis.getExpire(roomy.key()).block()).isPositive();
    }

    /**
     * Two gateway instances: what one hands out, the other learns at its next share. An instance that has not seen a
     * bucket yet hands out from a full one; the bucket then owes what was handed out beyond it, and refuses.
     */
    @Test
    void whatOneInstanceHandsOutTheOtherLearnsFromRedisAtItsNextShare() {
        Bucket bucket = new Bucket(GatewayKeys.rate("it:" + UUID.randomUUID()), 0.001, 10);
        LocalBuckets other = new LocalBuckets(System::currentTimeMillis);
        SharedBuckets otherShares = new SharedBuckets(other, redis, Clock.systemUTC(), properties);
        for (int i = 0; i < 10; i++) {
            assertThat(limiter.acquire(List.of(bucket))).isZero();
        }
        assertThat(limiter.acquire(List.of(bucket))).isPositive();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(level(bucket)).isCloseTo(0.0, offset(0.1)));

        assertThat(other.acquire(List.of(bucket))).as("not seen by the other instance yet").isZero();
        otherShares.share().block(Duration.ofSeconds(10));

        assertThat(level(bucket)).as("the bucket owes the token handed out beyond it").isCloseTo(-1.0, offset(0.1));
        assertThat(other.acquire(List.of(bucket))).as("the other instance knows now").isPositive();
        assertThat(otherShares.reachable()).isTrue();
    }

    private double level(Bucket bucket) {
        Object tokens = redis.opsForHash().get(bucket.key(), "tokens").block();
        return tokens == null ? Double.NaN : Double.parseDouble(tokens.toString());
    }
}
