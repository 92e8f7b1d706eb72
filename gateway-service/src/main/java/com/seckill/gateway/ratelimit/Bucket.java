package com.seckill.gateway.ratelimit;

/** One token bucket a request falls under: refilled at {@code rate} tokens per second up to {@code capacity}. */
record Bucket(String key, double rate, double capacity) {

    Bucket {
        if (rate <= 0 || capacity < 1) {
            throw new IllegalArgumentException("A bucket needs a positive rate and room for one token: " + key);
        }
    }
}
