package com.seckill.web.warmup;

import java.util.List;

/**
 * The requests of a service's hot paths that it may send itself before it is ready: each either reads, or is
 * refused before it changes anything, or leaves only what expires by itself. Asked anew for every round, so a
 * plan can follow what is on sale now.
 */
public interface WarmUpPlan {

    List<WarmUpCall> calls();
}
