package com.seckill.seckill.purchase;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillServiceIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The pre-deduction script on the real Redis, under real concurrency. */
class PurchaseScriptIT extends SeckillServiceIT {

    @Autowired
    StringRedisTemplate redis;

    private PurchaseOutcome buy(long activityId, long userId) {
        return buy(activityId, userId, UUID.randomUUID().toString());
    }

    /** A purchase on the path the user was just issued. */
    private PurchaseOutcome buy(long activityId, long userId, String requestId) {
        String path = "path-" + UUID.randomUUID();
        redis.opsForValue().set(SeckillKeys.path(activityId, userId), path);
        return buyOn(activityId, userId, requestId, path);
    }

    private PurchaseOutcome buyOn(long activityId, long userId, String requestId, String path) {
        Long answer = redis.execute(PurchaseScript.PURCHASE,
                List.of(SeckillKeys.stock(activityId), SeckillKeys.users(activityId), SeckillKeys.outbox(activityId),
                        SeckillKeys.queued(activityId), SeckillKeys.info(activityId), SeckillKeys.path(activityId, userId),
                        SeckillKeys.result(requestId)),
                String.valueOf(userId), requestId, "{\"userId\":" + userId + "}",
                String.valueOf(System.currentTimeMillis()), path, "0", "queued by " + userId, "60000");
        return PurchaseOutcome.of(answer);
    }

    @Test
    void aPathIsUsedUpByThePurchaseAndAnotherPathTakesNothing() {
        long activityId = uniqueId();
        warmed(activityId, 5);
        redis.opsForValue().set(SeckillKeys.path(activityId, 7), "issued");

        assertThat(buyOn(activityId, 7, UUID.randomUUID().toString(), "guessed")).isEqualTo(PurchaseOutcome.BAD_PATH);
        assertThat(redis.opsForValue().get(SeckillKeys.path(activityId, 7))).as("a wrong guess burns nothing").isEqualTo("issued");
        assertThat(buyOn(activityId, 7, UUID.randomUUID().toString(), "issued")).isEqualTo(PurchaseOutcome.SUCCESS);
        assertThat(redis.hasKey(SeckillKeys.path(activityId, 7))).isFalse();
        assertThat(buyOn(activityId, 8, UUID.randomUUID().toString(), "issued")).as("another user's path").isEqualTo(PurchaseOutcome.BAD_PATH);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("4");
    }

    @Test
    void theSamePathReplayedConcurrentlyTakesOneUnit() throws Exception {
        long activityId = uniqueId();
        warmed(activityId, 5);
        redis.opsForValue().set(SeckillKeys.path(activityId, 9), "issued");
        ExecutorService pool = Executors.newFixedThreadPool(50);
        CountDownLatch start = new CountDownLatch(1);
        Map<PurchaseOutcome, AtomicInteger> outcomes = new ConcurrentHashMap<>();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    outcomes.computeIfAbsent(buyOn(activityId, 9, UUID.randomUUID().toString(), "issued"),
                            k -> new AtomicInteger()).incrementAndGet();
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(outcomes.get(PurchaseOutcome.SUCCESS)).hasValue(1);
        assertThat(outcomes.get(PurchaseOutcome.BAD_PATH)).hasValue(49);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("4");
    }

    /** Stock as a warm-up leaves it: stamped with the LASTSAVE of the Redis serving it. */
    private void warmed(long activityId, int units) {
        redis.opsForValue().set(SeckillKeys.stock(activityId), String.valueOf(units));
        redis.opsForHash().put(SeckillKeys.info(activityId), "epoch", String.valueOf(lastSave()));
    }

    /** LASTSAVE in seconds, as the script sees it (the client converts it to milliseconds). */
    private long lastSave() {
        return redis.execute((RedisCallback<Long>) connection -> connection.serverCommands().lastSave()) / 1000;
    }

    @Test
    void theSameRequestSentAgainAfterALostAnswerIsTheSameSuccessNotADuplicate() {
        long activityId = uniqueId();
        warmed(activityId, 5);
        String requestId = UUID.randomUUID().toString();

        assertThat(buy(activityId, 7, requestId)).isEqualTo(PurchaseOutcome.SUCCESS);
        assertThat(buy(activityId, 7, requestId)).isEqualTo(PurchaseOutcome.SUCCESS);
        assertThat(buy(activityId, 7)).as("another request of the same user").isEqualTo(PurchaseOutcome.DUPLICATE);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("4");
        assertThat(redis.opsForHash().size(SeckillKeys.outbox(activityId))).isEqualTo(1);
    }

    /** One round trip: the result a shopper polls is written with the unit, and never over an outcome already there. */
    @Test
    void theQueuedResultIsWrittenByTheCallThatTakesTheUnitAndNeverOverAnOutcome() {
        long activityId = uniqueId();
        warmed(activityId, 5);
        String won = UUID.randomUUID().toString();
        String settled = UUID.randomUUID().toString();
        String refused = UUID.randomUUID().toString();
        redis.opsForValue().set(SeckillKeys.result(settled), "SUCCESS");

        assertThat(buy(activityId, 7, won)).isEqualTo(PurchaseOutcome.SUCCESS);
        assertThat(buy(activityId, 8, settled)).isEqualTo(PurchaseOutcome.SUCCESS);
        assertThat(buy(activityId, 7, refused)).isEqualTo(PurchaseOutcome.DUPLICATE);

        assertThat(redis.opsForValue().get(SeckillKeys.result(won))).isEqualTo("queued by 7");
        assertThat(redis.getExpire(SeckillKeys.result(won))).isBetween(1L, 60L);
        assertThat(redis.opsForValue().get(SeckillKeys.result(settled))).isEqualTo("SUCCESS");
        assertThat(redis.hasKey(SeckillKeys.result(refused))).isFalse();
    }

    @Test
    void figuresStampedByAnotherRedisProcessSellNothing() {
        long activityId = uniqueId();
        warmed(activityId, 5);
        // as after a restart that reloaded older data: the stamp is not this process's LASTSAVE
        redis.opsForHash().put(SeckillKeys.info(activityId), "epoch", String.valueOf(lastSave() - 60));

        assertThat(buy(activityId, 7)).isEqualTo(PurchaseOutcome.NOT_WARMED);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("5");
        assertThat(redis.opsForSet().size(SeckillKeys.users(activityId))).isZero();
        assertThat(redis.opsForHash().size(SeckillKeys.outbox(activityId))).isZero();
    }

    @Test
    void fiveHundredConcurrentShoppersForOneUnitProduceExactlyOneSuccess() throws Exception {
        long activityId = uniqueId();
        warmed(activityId, 1);
        int shoppers = 500;
        CountDownLatch start = new CountDownLatch(1);
        Map<PurchaseOutcome, AtomicInteger> outcomes = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(shoppers);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < shoppers; i++) {
                long userId = 1_000 + i;
                futures.add(pool.submit(() -> {
                    start.await();
                    outcomes.computeIfAbsent(buy(activityId, userId), k -> new AtomicInteger()).incrementAndGet();
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(outcomes.get(PurchaseOutcome.SUCCESS)).hasValue(1);
        assertThat(outcomes.get(PurchaseOutcome.SOLD_OUT)).hasValue(shoppers - 1);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("0");
        assertThat(redis.opsForSet().size(SeckillKeys.users(activityId))).isEqualTo(1);
        assertThat(redis.opsForHash().size(SeckillKeys.outbox(activityId))).isEqualTo(1);
        assertThat(redis.opsForZSet().size(SeckillKeys.queued(activityId))).isEqualTo(1);
    }

    @Test
    void concurrentShoppersNeverTakeMoreThanTheStock() throws Exception {
        long activityId = uniqueId();
        warmed(activityId, 50);
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger successes = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(200);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                long userId = 5_000 + (i % 200); // every user tries twice
                futures.add(pool.submit(() -> {
                    start.await();
                    if (buy(activityId, userId) == PurchaseOutcome.SUCCESS) {
                        successes.incrementAndGet();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(successes).hasValue(50);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("0");
        assertThat(redis.opsForSet().size(SeckillKeys.users(activityId))).isEqualTo(50);
        assertThat(redis.opsForHash().size(SeckillKeys.outbox(activityId))).isEqualTo(50);
    }

    @Test
    void secondPurchaseBySameUserIsDuplicateAndBurnsNoStock() {
        long activityId = uniqueId();
        warmed(activityId, 5);

        assertThat(buy(activityId, 42)).isEqualTo(PurchaseOutcome.SUCCESS);
        assertThat(buy(activityId, 42)).isEqualTo(PurchaseOutcome.DUPLICATE);

        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("4");
        assertThat(redis.opsForHash().size(SeckillKeys.outbox(activityId))).isEqualTo(1);
    }

    @Test
    void holderOfTheLastUnitIsToldDuplicateNotSoldOut() {
        long activityId = uniqueId();
        warmed(activityId, 1);

        assertThat(buy(activityId, 7)).isEqualTo(PurchaseOutcome.SUCCESS);
        assertThat(buy(activityId, 7)).isEqualTo(PurchaseOutcome.DUPLICATE);
        assertThat(buy(activityId, 8)).isEqualTo(PurchaseOutcome.SOLD_OUT);
        assertThat(redis.opsForValue().get(SeckillKeys.stock(activityId))).isEqualTo("0");
    }

    @Test
    void activityNotWarmedUpAnswersMinusOneAndWritesNothing() {
        long activityId = uniqueId();

        assertThat(buy(activityId, 1)).isEqualTo(PurchaseOutcome.NOT_WARMED);

        assertThat(redis.hasKey(SeckillKeys.stock(activityId))).isFalse();
        assertThat(redis.hasKey(SeckillKeys.users(activityId))).isFalse();
        assertThat(redis.hasKey(SeckillKeys.outbox(activityId))).isFalse();
    }
}
