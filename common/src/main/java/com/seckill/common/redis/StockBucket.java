package com.seckill.common.redis;

import java.util.ArrayList;
import java.util.List;

/**
 * One of an activity's stock buckets ({@link SeckillKeys#buckets}): a slice of its units with everything a
 * purchase touches beside them (holders, paths, outbox, in-flight set, give-back markers, top-ups, the stamp of
 * the Redis process), under one hash tag, so that one script per bucket stays in one Cluster slot. Bucket 0's
 * tag is {@code aid}, so its keys are those of contract §5; bucket b's is {@code aid/n}, n the first number that
 * puts it in the b-th K-th of the slot space after bucket 0's, so that K buckets sit on K different masters of a
 * cluster that splits its slots evenly.
 */
public record StockBucket(long activityId, int index, String tag) {

    static List<StockBucket> of(long activityId, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("An activity has at least one bucket, not " + count);
        }
        String first = Long.toString(activityId);
        if (count == 1) {
            return List.of(new StockBucket(activityId, 0, first)); // every purchase of most sales asks: no slot to compute
        }
        List<StockBucket> buckets = new ArrayList<>(count);
        buckets.add(new StockBucket(activityId, 0, first));
        int share = ClusterSlots.COUNT / count;
        int firstPart = Math.min(ClusterSlots.slot(first) / share, count - 1);
        for (int index = 1; index < count; index++) {
            int part = (firstPart + index) % count;
            int from = part * share;
            int to = part == count - 1 ? ClusterSlots.COUNT : from + share;
            for (int n = 1; ; n++) {
                String tag = activityId + "/" + n;
                int slot = ClusterSlots.slot(tag);
                if (slot >= from && slot < to) {
                    buckets.add(new StockBucket(activityId, index, tag));
                    break;
                }
            }
        }
        return List.copyOf(buckets);
    }

    private String key(String suffix) {
        return SeckillKeys.PREFIX + "{" + tag + "}:" + suffix;
    }

    /** Hash: bucket 0 holds the definition ({@link SeckillKeys#info}); every bucket its own stamp (runId, epoch). */
    public String info() {
        return key("info");
    }

    public String stock() {
        return key("stock");
    }

    public String users() {
        return key("users");
    }

    public String path(long userId) {
        return key("path:" + userId);
    }

    public String outbox() {
        return key("outbox");
    }

    public String queued() {
        return key("queued");
    }

    public String returned() {
        return key("returned");
    }

    public String topUps() {
        return key("topups");
    }

    /** Hash: transfer id -> "receiving index:units", units this bucket gave another and not yet known received. */
    public String lent() {
        return key("lent");
    }

    /** Set: ids of the transfers this bucket received, so that one applied twice adds its units once. */
    public String received() {
        return key("received");
    }

    /** Every key of the bucket but the paths, for a new activity that must not meet an older sale's leftovers. */
    public List<String> all() {
        return List.of(info(), stock(), users(), outbox(), queued(), returned(), topUps(), lent(), received());
    }
}
