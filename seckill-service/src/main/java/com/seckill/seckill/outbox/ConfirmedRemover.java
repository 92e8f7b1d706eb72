package com.seckill.seckill.outbox;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * Takes the entries the broker confirmed out of their outboxes, on a thread of its own: what is
 * confirmed meanwhile goes in one HDEL per outbox. An entry whose removal fails stays in the
 * outbox and is sent again (the consumer is idempotent).
 */
@Component
class ConfirmedRemover {

    private static final Logger log = LoggerFactory.getLogger(ConfirmedRemover.class);
    /** Most confirmed entries removed by one HDEL. */
    private static final int REMOVE_BATCH = 1_000;

    private final StringRedisTemplate redis;
    private final InFlight inFlight;
    private final BlockingQueue<OutboxEntry> confirmed = new LinkedBlockingQueue<>();
    private final Thread remover = new Thread(this::removeConfirmed, "outbox-remover");

    ConfirmedRemover(StringRedisTemplate redis, InFlight inFlight) {
        this.redis = redis;
        this.inFlight = inFlight;
    }

    @PostConstruct
    void startThread() {
        remover.setDaemon(true);
        remover.start();
    }

    /** What is not removed yet stays in the outbox: the sweep of the next start sends it again. */
    @PreDestroy
    void stopThread() throws InterruptedException {
        remover.interrupt();
        remover.join(5_000);
    }

    /** Confirmed by the broker: to be taken out of the outbox. */
    void confirmed(List<OutboxEntry> entries) {
        confirmed.addAll(entries);
    }

    /** The remover thread's loop: takes what has been confirmed so far, removes it in one go, again. */
    private void removeConfirmed() {
        List<OutboxEntry> batch = new ArrayList<>();
        while (!Thread.currentThread().isInterrupted()) {
            try {
                batch.add(confirmed.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            confirmed.drainTo(batch, REMOVE_BATCH);
            try {
                remove(batch);
            } catch (Throwable t) {
                log.error("Removing {} confirmed entries from the outbox failed; they will be sent again", batch.size(), t);
            } finally {
                batch.clear();
            }
        }
    }

    private void remove(List<OutboxEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        Map<String, List<Object>> byOutbox = new LinkedHashMap<>();
        entries.forEach(entry -> byOutbox.computeIfAbsent(entry.outbox(), key -> new ArrayList<>()).add(entry.requestId()));
        boolean removed = false;
        try {
            byOutbox.forEach((outbox, requestIds) -> redis.opsForHash().delete(outbox, requestIds.toArray()));
            removed = true;
        } catch (RuntimeException e) {
            log.warn("{} confirmed messages not removed from the outbox; they will be sent again: {}", entries.size(),
                    e.toString());
        } finally {
            boolean done = removed;
            entries.forEach(entry -> inFlight.done(entry.requestId(), done));
        }
    }
}
