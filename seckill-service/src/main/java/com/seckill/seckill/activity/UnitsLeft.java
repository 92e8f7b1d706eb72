package com.seckill.seckill.activity;

import java.util.ArrayList;
import java.util.List;

/** Units left per activity from the stock of each of its buckets, read in one MGET. */
final class UnitsLeft {

    private UnitsLeft() {
    }

    /** Units left per activity, its buckets added up; null for an activity no bucket of which has figures. */
    static List<String> perActivity(List<Activity> current, List<String> perBucket) {
        if (perBucket == null) {
            return null;
        }
        List<String> sums = new ArrayList<>(current.size());
        int next = 0;
        for (Activity activity : current) {
            Long sum = null;
            for (int i = 0; i < activity.buckets(); i++, next++) {
                String value = perBucket.get(next);
                if (value != null) {
                    sum = (sum == null ? 0 : sum) + Long.parseLong(value);
                }
            }
            sums.add(sum == null ? null : Long.toString(sum));
        }
        return sums;
    }
}
