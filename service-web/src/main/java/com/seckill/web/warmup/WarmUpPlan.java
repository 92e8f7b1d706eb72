package com.seckill.web.warmup;

import java.util.List;

/**
 * The work of a service's hot paths that it may do before it is ready: requests it sends itself, each of which
 * either reads, or is refused before it changes anything, or leaves only what expires by itself; and work no
 * request reaches (a consumer's), done in process, which must leave nothing behind. Asked anew for every round,
 * so a plan can follow what is on sale now.
 */
public interface WarmUpPlan {

    /** Requests to send itself, each as the gateway would forward it. */
    default List<WarmUpCall> calls() {
        return List.of();
    }

    /** Hot paths no request reaches, one unit each; a round runs them among its requests. */
    default List<Runnable> work() {
        return List.of();
    }
}
