package com.seckill.seckill.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.HashOperations;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;

/** Which outbox entries the sweep publishes again (relay-retry-after 5 s, doubling per attempt). */
class OutboxSweeperTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:30:00Z");
    private static final SeckillProperties PROPERTIES = new Binder(new MapConfigurationPropertySource(Map.of()))
            .bindOrCreate("seckill.sale", SeckillProperties.class);

    private final OutboxPublisher publisher = mock(OutboxPublisher.class);
    private final InFlight inFlight = new InFlight();
    private final StringRedisTemplate redis = mock(StringRedisTemplate.class);
    @SuppressWarnings("unchecked")
    private final HashOperations<String, Object, Object> hashes = mock(HashOperations.class);
    private final RedissonClient redisson = mock(RedissonClient.class);
    private final RLock lock = mock(RLock.class);
    private final ActivityCatalog catalog = mock(ActivityCatalog.class);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final OutboxSweeper sweeper = new OutboxSweeper(
            new OutboxResender(publisher, inFlight, redis, PROPERTIES, new ObjectMapper()), redis, redisson, catalog,
            Clock.fixed(NOW, ZoneOffset.UTC), meters);

    @BeforeEach
    void setUp() {
        when(redis.opsForHash()).thenReturn(hashes);
        when(redisson.getLock(SeckillKeys.relayLock(7))).thenReturn(lock);
        when(lock.tryLock()).thenReturn(true);
        when(catalog.all()).thenReturn(List.of(activity(7)));
    }

    @Test
    void anEntryUnconfirmedForTheRetryDelayIsPublishedAgainAndAYoungerOneIsLeft() {
        outbox(Map.entry("old", accepted(5_000)), Map.entry("young", accepted(4_999)));

        sweeper.sweep();

        verify(publisher).publish(SeckillKeys.outbox(7), "old", accepted(5_000));
        verify(publisher, never()).publish(anyString(), eq("young"), anyString());
        assertThat(inFlight.sweeps("old").count()).isEqualTo(1);
        verify(lock).unlock();
    }

    @Test
    void anEntryThisInstanceHasInFlightIsLeftAlone() {
        inFlight.take("r1");
        outbox(Map.entry("r1", accepted(60_000)));

        sweeper.sweep();

        verify(publisher, never()).publish(anyString(), anyString(), anyString());
    }

    @Test
    void eachAttemptTheSweepMadeDoublesTheDelayCountedFromTheLastAttempt() {
        long now = NOW.toEpochMilli();
        inFlight.swept("twice", now - 30_000);
        inFlight.swept("twice", now - 19_999);
        inFlight.swept("also-twice", now - 30_000);
        inFlight.swept("also-twice", now - 20_000);
        outbox(Map.entry("twice", accepted(600_000)), Map.entry("also-twice", accepted(600_000)));

        sweeper.sweep();

        verify(publisher, never()).publish(anyString(), eq("twice"), anyString());
        verify(publisher).publish(SeckillKeys.outbox(7), "also-twice", accepted(600_000));
        assertThat(inFlight.sweeps("also-twice")).isEqualTo(new InFlight.Sweeps(3, now));
    }

    @Test
    void anOldEntryThatKeepsFailingIsNotSentAgainOnEverySweep() {
        outbox(Map.entry("old", accepted(600_000)));
        sweeper.sweep();
        verify(publisher).publish(SeckillKeys.outbox(7), "old", accepted(600_000));

        outbox(Map.entry("old", accepted(600_000)));
        sweeper.sweep();

        verify(publisher).publish(anyString(), anyString(), anyString()); // still the first send only
        assertThat(inFlight.sweeps("old").count()).isEqualTo(1);
    }

    @Test
    void anEntryWhoseAcceptanceCannotBeReadIsPublishedRatherThanLeftForever() {
        outbox(Map.entry("r1", "not json"));

        sweeper.sweep();

        verify(publisher).publish(SeckillKeys.outbox(7), "r1", "not json");
    }

    @Test
    void anotherInstanceSweepingAnActivityMeansNoSweepHereButItsDepthIsStillCounted() {
        when(catalog.all()).thenReturn(List.of(activity(7), activity(8)));
        when(redisson.getLock(SeckillKeys.relayLock(8))).thenReturn(lock);
        when(lock.tryLock()).thenReturn(false);
        when(hashes.size(SeckillKeys.outbox(7))).thenReturn(3L);
        when(hashes.size(SeckillKeys.outbox(8))).thenReturn(2L);

        sweeper.sweep();

        verify(hashes, never()).scan(anyString(), any(ScanOptions.class));
        verify(lock, never()).unlock();
        assertThat(meters.get("seckill.outbox.pending").gauge().value()).isEqualTo(5);
    }

    @SafeVarargs
    @SuppressWarnings("unchecked")
    private void outbox(Map.Entry<Object, Object>... entries) {
        Cursor<Map.Entry<Object, Object>> cursor = mock(Cursor.class);
        Iterator<Map.Entry<Object, Object>> left = List.of(entries).iterator();
        when(cursor.hasNext()).thenAnswer(call -> left.hasNext());
        when(cursor.next()).thenAnswer(call -> left.next());
        when(hashes.scan(eq(SeckillKeys.outbox(7)), any(ScanOptions.class))).thenReturn(cursor);
    }

    private static String accepted(long millisAgo) {
        return "{\"requestId\":\"x\",\"acceptedAt\":" + (NOW.toEpochMilli() - millisAgo) + "}";
    }

    private static Activity activity(long id) {
        return new Activity(id, 2, "Phone", BigDecimal.ONE, 10, 10, NOW.minusSeconds(60), NOW.plusSeconds(60), false);
    }
}
