package com.seckill.loadtest.bench;

/**
 * How long a freshly started system is warmed before a bench measures it: rounds of purchases until the
 * rate stops growing (a round less than {@value #LEVEL_PERCENT} % above the best before it; at least
 * {@value #MIN_ROUNDS}, at most {@value #MAX_ROUNDS} rounds). On a slow machine the services' JIT compiles
 * for minutes: the rounds of one run here went 30, 66, 91, 135, 160, 203, 230, 225 purchases/s, so a
 * fixed warm-up measures whatever point of that climb it ends at.
 */
final class WarmUpRounds {

    static final int LEVEL_PERCENT = 5;
    static final int MIN_ROUNDS = 2;
    static final int MAX_ROUNDS = 9;

    private double best;
    private int rounds;

    /** Takes the purchase rate of the round just run; whether another round is wanted. */
    boolean another(double rate) {
        rounds++;
        boolean levelled = rounds >= MIN_ROUNDS && rate < best * (1 + LEVEL_PERCENT / 100.0);
        best = Math.max(best, rate);
        return !levelled && rounds < MAX_ROUNDS;
    }
}
