package com.seckill.common.warmup;

import java.time.Duration;

/**
 * When a warm-up has done enough: rounds of the same requests get faster while the JIT compiles what they run,
 * then stop getting faster. Enough once at least {@code minRounds} rounds have run (at least
 * {@value #MIN_ROUNDS}: the JIT compiles a method after some thousands of calls, whatever the first rounds
 * look like) and a round is not {@value #GAIN_PERCENT} % faster than the best before it, or once the time
 * allowed is spent.
 */
public final class WarmUpRounds {

    static final int GAIN_PERCENT = 5;
    static final int MIN_ROUNDS = 3;

    private final long maxNanos;
    private final int minRounds;
    private long spentNanos;
    private long bestNanos = Long.MAX_VALUE;
    private int rounds;

    public WarmUpRounds(Duration max, int minRounds) {
        this.maxNanos = max.toNanos();
        this.minRounds = Math.max(MIN_ROUNDS, minRounds);
    }

    /** Takes how long the round just run took; whether another round is wanted. */
    public boolean another(long roundNanos) {
        rounds++;
        spentNanos += roundNanos;
        boolean levelled = rounds >= minRounds && roundNanos * (100 + GAIN_PERCENT) > bestNanos * 100L;
        bestNanos = Math.min(bestNanos, roundNanos);
        return !levelled && spentNanos < maxNanos;
    }

    public int rounds() {
        return rounds;
    }

    public Duration best() {
        return Duration.ofNanos(bestNanos);
    }
}
