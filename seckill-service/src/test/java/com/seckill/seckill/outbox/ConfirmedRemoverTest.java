package com.seckill.seckill.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.seckill.common.redis.SeckillKeys;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.core.HashOperations;
import org.springframework.data.redis.core.StringRedisTemplate;

/** Confirmed entries leave their outboxes; one whose removal failed is left to the sweep, its backoff kept. */
class ConfirmedRemoverTest {

    private final StringRedisTemplate redis = mock(StringRedisTemplate.class);
    @SuppressWarnings("unchecked")
    private final HashOperations<String, Object, Object> hashes = mock(HashOperations.class);
    private final InFlight inFlight = new InFlight();
    private final ConfirmedRemover remover = new ConfirmedRemover(redis, inFlight);

    @BeforeEach
    void setUp() {
        when(redis.opsForHash()).thenReturn(hashes);
    }

    @AfterEach
    void stopRemover() throws InterruptedException {
        remover.stopThread();
    }

    @Test
    void whatWasConfirmedMeanwhileLeavesTheOutboxesInOneDeletePerActivity() {
        List.of("r1", "r2", "r3").forEach(id -> {
            inFlight.take(id);
            inFlight.swept(id, 0);
        });
        remover.confirmed(List.of(entry(7, "r1"), entry(8, "r3"), entry(7, "r2")));
        remover.startThread();

        verify(hashes, timeout(5_000)).delete(SeckillKeys.outbox(7), "r1", "r2");
        verify(hashes, timeout(5_000)).delete(SeckillKeys.outbox(8), "r3");
        await().atMost(Duration.ofSeconds(5)).until(() -> List.of("r1", "r2", "r3").stream().noneMatch(inFlight::contains));
        assertThat(List.of("r1", "r2", "r3")).allSatisfy(id -> assertThat(inFlight.sweeps(id).count()).isZero());
    }

    @Test
    void anEntryWhoseRemovalFailedIsFreedForTheSweepButKeepsItsBackoff() {
        when(hashes.delete(anyString(), any(Object[].class))).thenThrow(new RedisConnectionFailureException("down"));
        inFlight.take("r1");
        inFlight.swept("r1", 0);
        remover.confirmed(List.of(entry(7, "r1")));
        remover.startThread();

        await().atMost(Duration.ofSeconds(5)).until(() -> !inFlight.contains("r1"));
        assertThat(inFlight.sweeps("r1").count()).isEqualTo(1);
    }

    private static OutboxEntry entry(long activityId, String requestId) {
        return new OutboxEntry(SeckillKeys.outbox(activityId), requestId, "{}", CompletableFuture.completedFuture(true), System.nanoTime());
    }
}
