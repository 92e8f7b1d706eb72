package com.seckill.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** Requests decided in memory, and what a share with the other instances changes. */
class LocalBucketsTest {

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final LocalBuckets buckets = new LocalBuckets(now::get);
    private final Bucket address = new Bucket("seckill:rate:{limits}:ip:a", 10, 10);
    private final Bucket user = new Bucket("seckill:rate:{limits}:user:1", 1, 2);

    @Test
    void aRequestTakesATokenFromEveryBucketOrFromNone() {
        assertThat(buckets.acquire(List.of(address, user))).isZero();
        assertThat(buckets.acquire(List.of(address, user))).isZero();

        assertThat(buckets.acquire(List.of(address, user))).as("the user's bucket is dry: a second to refill")
                .isEqualTo(Duration.ofSeconds(1));
        assertThat(buckets.toShare()).extracting(LocalBuckets.Taken::key, LocalBuckets.Taken::tokens)
                .containsExactlyInAnyOrder(Tuple.tuple(address.key(), 2L),
                        Tuple.tuple(user.key(), 2L));
    }

    @Test
    void aBucketRefillsAtItsRateUpToItsCapacity() {
        for (int i = 0; i < 10; i++) {
            assertThat(buckets.acquire(List.of(address))).isZero();
        }
        assertThat(buckets.acquire(List.of(address))).isEqualTo(Duration.ofMillis(100));

        now.addAndGet(250);
        assertThat(buckets.acquire(List.of(address))).isZero();
        assertThat(buckets.acquire(List.of(address))).isZero();
        assertThat(buckets.acquire(List.of(address))).isEqualTo(Duration.ofMillis(50));
    }

    @Test
    void aShareLeavesWhatAllInstancesLeftLessWhatThisOneTookMeanwhile() {
        buckets.acquire(List.of(address));
        List<LocalBuckets.Taken> share = buckets.toShare();
        assertThat(share).singleElement().extracting(LocalBuckets.Taken::tokens).isEqualTo(1L);
        buckets.acquire(List.of(address));
        buckets.acquire(List.of(address));

        // the other instances took 6 of the bucket: 10 - 1 (this share) - 6 = 3 left in Redis
        buckets.shared(share, List.of(3.0));

        assertThat(buckets.acquire(List.of(address))).isZero();
        assertThat(buckets.acquire(List.of(address))).as("3 left less the 2 taken during the share").isEqualTo(Duration.ofMillis(100));
        assertThat(buckets.toShare()).singleElement().extracting(LocalBuckets.Taken::tokens).isEqualTo(3L);
    }

    @Test
    void aBucketOwingTokensRefusesUntilItHasRefilledThem() {
        buckets.acquire(List.of(address));
        buckets.shared(buckets.toShare(), List.of(-5.0));

        assertThat(buckets.acquire(List.of(address))).isEqualTo(Duration.ofMillis(600));
        now.addAndGet(600);
        assertThat(buckets.acquire(List.of(address))).isZero();
    }

    @Test
    void tokensOfAFailedShareAreNotSentAgainButStillCountHere() {
        for (int i = 0; i < 9; i++) {
            buckets.acquire(List.of(address));
        }
        List<LocalBuckets.Taken> failed = buckets.toShare();
        buckets.acquire(List.of(address));

        buckets.notShared(failed);

        assertThat(buckets.toShare()).as("only what was taken since").singleElement().extracting(LocalBuckets.Taken::tokens).isEqualTo(1L);
        assertThat(buckets.acquire(List.of(address))).as("all ten taken here").isEqualTo(Duration.ofMillis(100));
    }

    @Test
    void bucketsFullAgainWithNothingToShareAreForgotten() {
        Bucket slow = new Bucket("seckill:rate:{limits}:user:2", 0.5, 2);
        buckets.acquire(List.of(address));
        buckets.acquire(List.of(slow));
        List<LocalBuckets.Taken> share = buckets.toShare();
        buckets.shared(share, share.stream().map(taken -> taken.key().equals(address.key()) ? 9.0 : 1.0).toList());
        assertThat(buckets.size()).isEqualTo(2);

        now.addAndGet(1_100); // the address's bucket is full again (9 + 11 of 10), the slow one not yet (1 + 0.55 of 2)
        buckets.shared(buckets.toShare(), List.of());

        assertThat(buckets.size()).isEqualTo(1);
        now.addAndGet(1_000);
        buckets.shared(buckets.toShare(), List.of());
        assertThat(buckets.size()).isZero();
    }
}
