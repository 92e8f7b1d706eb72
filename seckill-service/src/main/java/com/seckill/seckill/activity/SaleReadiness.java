package com.seckill.seckill.activity;

/**
 * A sale about to open or open, as {@code ./seckill doctor} checks it: whether Redis sells it now ({@code sellable}:
 * every bucket holds figures stamped by the Redis process serving it, as the purchase script demands), its Redis
 * stock (units between two buckets included; null while a bucket holds none), MySQL's stock, and the units accepted
 * but not yet settled ({@code inFlight}). They agree when {@code redisStock = dbStock - inFlight}; orders being
 * written make them differ for a moment.
 */
public record SaleReadiness(long activityId, boolean sellable, Integer redisStock, int dbStock, long inFlight) {
}
