package com.seckill.common.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SeckillKeysTest {

    @Test
    void keysOfOneActivityShareOneHashTagSoALuaScriptStaysInOneSlot() {
        assertThat(SeckillKeys.stock(42)).isEqualTo("seckill:{42}:stock");
        assertThat(SeckillKeys.users(42)).isEqualTo("seckill:{42}:users");
        assertThat(SeckillKeys.outbox(42)).isEqualTo("seckill:{42}:outbox");
        assertThat(SeckillKeys.info(42)).isEqualTo("seckill:{42}:info");
        assertThat(SeckillKeys.path(42, 7)).isEqualTo("seckill:{42}:path:7");
    }

    @Test
    void resultKeysAreGlobal() {
        assertThat(SeckillKeys.result("abc")).isEqualTo("seckill:result:abc");
    }

    /** The part of a key Redis Cluster hashes: the first {...} with something inside, else the whole key. */
    private static String hashTag(String key) {
        int open = key.indexOf('{');
        int close = open < 0 ? -1 : key.indexOf('}', open + 1);
        return close > open + 1 ? key.substring(open + 1, close) : key;
    }

    @Test
    void theKeysEveryScriptTouchesTogetherShareOneClusterSlot() {
        // purchase, warm-up, reconciliation, give-back: one activity's keys
        assertThat(java.util.stream.Stream.of(SeckillKeys.stock(42), SeckillKeys.users(42), SeckillKeys.outbox(42),
                SeckillKeys.queued(42), SeckillKeys.info(42), SeckillKeys.path(42, 7)).map(SeckillKeysTest::hashTag))
                .containsOnly("42");
    }

    @Test
    void bucketZeroIsTheLayoutOfDesignSectionFive() {
        StockBucket only = SeckillKeys.buckets(42, 1).get(0);
        assertThat(only.stock()).isEqualTo(SeckillKeys.stock(42));
        assertThat(only.users()).isEqualTo(SeckillKeys.users(42));
        assertThat(only.outbox()).isEqualTo(SeckillKeys.outbox(42));
        assertThat(only.queued()).isEqualTo(SeckillKeys.queued(42));
        assertThat(only.info()).isEqualTo(SeckillKeys.info(42));
        assertThat(only.path(7)).isEqualTo(SeckillKeys.path(42, 7));
        assertThat(only.returned()).isEqualTo(SeckillKeys.returned(42));
        assertThat(only.topUps()).isEqualTo(SeckillKeys.topUps(42));
        assertThat(SeckillKeys.buckets(42, 3).get(0)).isEqualTo(only);
    }

    @Test
    void bucketsFallInDifferentPartsOfTheSlotSpaceSoOnDifferentMasters() {
        for (long activity = 1; activity <= 300; activity++) {
            for (int k = 2; k <= 8; k++) {
                int count = k;
                java.util.List<StockBucket> buckets = SeckillKeys.buckets(activity, count);
                int share = ClusterSlots.COUNT / count;
                assertThat(buckets).hasSize(count);
                assertThat(buckets.stream().map(bucket -> Math.min(
                        ClusterSlots.slot(bucket.stock()) / share, count - 1)).distinct())
                        .as("activity %d over %d buckets", activity, count).hasSize(count);
                for (StockBucket bucket : buckets) {
                    assertThat(java.util.stream.Stream.concat(bucket.all().stream(), java.util.stream.Stream.of(bucket.path(9)))
                            .map(SeckillKeysTest::hashTag)).containsOnly(bucket.tag());
                }
            }
        }
        assertThat(SeckillKeys.buckets(42, 3)).isEqualTo(SeckillKeys.buckets(42, 3)); // the same every time, on every instance
    }

    @Test
    void aUserAlwaysHasTheSameHomeAndSuccessiveUsersSpreadOverEveryBucket() {
        int[] homes = new int[3];
        for (long user = 10_000; user < 13_000; user++) {
            int home = SeckillKeys.homeIndex(user, 3);
            assertThat(home).isEqualTo(SeckillKeys.homeIndex(user, 3)).isBetween(0, 2);
            homes[home]++;
        }
        assertThat(java.util.Arrays.stream(homes).boxed()).allSatisfy(count -> assertThat(count).isBetween(800, 1_200));
        int[] stepped = new int[3];
        for (long user = 3; user < 3_000; user += 3) { // ids in steps of the bucket count
            stepped[SeckillKeys.homeIndex(user, 3)]++;
        }
        assertThat(java.util.Arrays.stream(stepped).boxed()).allSatisfy(count -> assertThat(count).isGreaterThan(200));
        assertThat(SeckillKeys.homeIndex(-5, 4)).isBetween(0, 3);
        assertThat(SeckillKeys.homeIndex(77, 1)).isZero();
    }
}
