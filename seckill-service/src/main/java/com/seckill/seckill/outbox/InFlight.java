package com.seckill.seckill.outbox;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * What this instance has handed to the broker and not yet seen out of the outbox (the sweep leaves
 * those alone), and how often and when last the sweep had to send an entry again (for its backoff).
 */
@Component
class InFlight {

    private final Set<String> requestIds = ConcurrentHashMap.newKeySet();
    private final Map<String, Sweeps> sweeps = new ConcurrentHashMap<>();

    /** How often the sweep sent an entry, and when it last did (epoch millis). */
    record Sweeps(int count, long lastAt) {

        static final Sweeps NONE = new Sweeps(0, 0);
    }

    /** Marks the entry in flight; false when it already is. */
    boolean take(String requestId) {
        return requestIds.add(requestId);
    }

    boolean contains(String requestId) {
        return requestIds.contains(requestId);
    }

    /** Not in the broker after all: the sweep may send it again. */
    void release(String requestId) {
        requestIds.remove(requestId);
    }

    /** Out of the outbox, or left there by a failed removal: either way no longer in flight. */
    void done(String requestId, boolean removed) {
        if (removed) {
            sweeps.remove(requestId);
        }
        requestIds.remove(requestId);
    }

    Sweeps sweeps(String requestId) {
        return sweeps.getOrDefault(requestId, Sweeps.NONE);
    }

    void swept(String requestId, long at) {
        sweeps.merge(requestId, new Sweeps(1, at), (before, now) -> new Sweeps(before.count() + 1, at));
    }
}
