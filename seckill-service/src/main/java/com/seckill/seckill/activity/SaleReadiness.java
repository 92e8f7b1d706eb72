package com.seckill.seckill.activity;

/**
 * A sale about to open or open, as {@code ./seckill doctor} checks it: whether Redis holds its figures in every
 * bucket ({@code warmed}), its Redis stock (units between two buckets included; null when not warmed), MySQL's
 * stock, and the units accepted but not yet settled ({@code inFlight}). They agree when
 * {@code redisStock = dbStock - inFlight}; orders being written make them differ for a moment.
 */
public record SaleReadiness(long activityId, boolean warmed, Integer redisStock, int dbStock, long inFlight) {
}
