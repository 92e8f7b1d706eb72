package com.seckill.seckill.activity;

import java.util.Map;

/**
 * Figures an operator checks after a sale. {@code consistent} states invariant 3 of contract §8:
 * Redis stock + live orders = stock total = MySQL stock + live orders, with nothing in flight
 * (outbox drained, every accepted request settled) and Redis serving the figures it was warmed with
 * ({@code sellable}: false while figures lost with Redis wait to be rebuilt). {@code orders} is null
 * while order-service cannot be asked: the Redis figures are shown, and nothing is called consistent. {@code stuckRequests}: unsettled for longer
 * than {@code seckill.sale.queued-bound}.
 */
public record ActivityStats(long activityId, int stockTotal, boolean sellable, Integer redisStock, int dbStock, Map<String, Long> orders,
                     long liveOrders, long pendingOutbox, long holders, long unsettledRequests, long stuckRequests,
                     boolean consistent) {

    static ActivityStats of(Activity activity, boolean sellable, Integer redisStock, Map<String, Long> orders,
                            long pendingOutbox, long holders, long unsettled, long stuck) {
        long live = orders == null ? 0 : orders.getOrDefault("PENDING", 0L) + orders.getOrDefault("PAID", 0L);
        boolean consistent = sellable && orders != null && redisStock != null
                && redisStock + live == activity.stockTotal()
                && activity.stock() + live == activity.stockTotal()
                && pendingOutbox == 0
                && unsettled == 0
                && holders == live;
        return new ActivityStats(activity.id(), activity.stockTotal(), sellable, redisStock, activity.stock(), orders, live,
                pendingOutbox, holders, unsettled, stuck, consistent);
    }
}
