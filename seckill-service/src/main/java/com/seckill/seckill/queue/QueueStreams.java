package com.seckill.seckill.queue;

import com.seckill.common.queue.QueueAnswer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Clock;
import java.util.HashSet;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.springframework.http.MediaType;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * {@code GET /api/seckill/{aid}/queue/events}: a shopper's place pushed when it changes. No thread is held
 * per stream: one scheduled task looks at each stream when its own {@code pollAfterMs} has passed (so a
 * stream costs what the page's polling would, no more) and pushes the answer if it changed; once a sale has no
 * unit left (one stock read per sale and check), every stream of it is looked at in that check, so SOLD_OUT reaches
 * the waiting within half a second of the last unit. ADMITTED, SOLD_OUT and EXPIRED end the stream. A stream lasts {@code stream-timeout}; the page opens another.
 */
@Component
class QueueStreams {

    static final String EVENT = "queue";
    private static final Set<String> FINAL = Set.of(QueueAnswer.ADMITTED, QueueAnswer.SOLD_OUT, QueueAnswer.EXPIRED);

    private final Queue<Stream> open = new ConcurrentLinkedQueue<>();
    private final QueueService queue;
    private final QueueProperties properties;
    private final Clock clock;

    QueueStreams(QueueService queue, QueueProperties properties, Clock clock, MeterRegistry meters) {
        this.queue = queue;
        this.properties = properties;
        this.clock = clock;
        Gauge.builder("seckill.queue.streams", open, Queue::size).description("Waiting-room streams open").register(meters);
    }

    private static final class Stream {
        final long activityId;
        final long userId;
        final String ticket;
        final SseEmitter emitter;
        volatile QueueAnswer last;
        volatile long nextCheck;

        Stream(long activityId, long userId, String ticket, SseEmitter emitter) {
            this.activityId = activityId;
            this.userId = userId;
            this.ticket = ticket;
            this.emitter = emitter;
        }
    }

    SseEmitter open(long activityId, long userId, String ticket, QueueAnswer current) {
        SseEmitter emitter = new SseEmitter(properties.streamTimeout().toMillis());
        Stream stream = new Stream(activityId, userId, ticket == null ? current.ticket() : ticket, emitter);
        if (!push(stream, current)) {
            return emitter;
        }
        open.add(stream);
        Runnable forget = () -> open.remove(stream);
        emitter.onCompletion(forget);
        emitter.onTimeout(() -> {
            forget.run();
            emitter.complete();
        });
        emitter.onError(error -> forget.run());
        return emitter;
    }

    @Scheduled(fixedDelayString = QueueProperties.STREAM_CHECK)
    void check() {
        long now = clock.millis();
        Set<Long> soldOut = soldOut();
        for (Stream stream : open) {
            if (soldOut.contains(stream.activityId)) {
                stream.nextCheck = now; // the last unit is gone: told now, not at its next look
            }
            if (now < stream.nextCheck) {
                continue;
            }
            try {
                if (!push(stream, queue.look(stream.activityId, stream.userId, stream.ticket))) {
                    open.remove(stream);
                }
            } catch (RuntimeException e) {
                stream.nextCheck = now + properties.streamCheck().toMillis() * 2; // Redis away: look again shortly
            }
        }
    }

    /** The sales of the open streams that have no unit left: one read per sale, whatever its streams. */
    private Set<Long> soldOut() {
        Set<Long> soldOut = new HashSet<>();
        Set<Long> looked = new HashSet<>();
        for (Stream stream : open) {
            if (looked.add(stream.activityId)) {
                try {
                    if (queue.noUnitLeft(stream.activityId)) {
                        soldOut.add(stream.activityId);
                    }
                } catch (RuntimeException e) {
                    // Redis away: the streams look again at their own time
                }
            }
        }
        return soldOut;
    }

    /** Sends the answer if it is news; false once the stream is over. */
    private boolean push(Stream stream, QueueAnswer answer) {
        stream.nextCheck = clock.millis() + (answer.pollAfterMs() == null ? properties.streamCheck().toMillis() : answer.pollAfterMs());
        try {
            if (!Objects.equals(stream.last, answer)) {
                stream.emitter.send(SseEmitter.event().name(EVENT).data(answer, MediaType.APPLICATION_JSON));
                stream.last = answer;
            }
            if (FINAL.contains(answer.status())) {
                stream.emitter.complete();
                return false;
            }
            return true;
        } catch (IOException | IllegalStateException e) {
            stream.emitter.completeWithError(e);
            return false;
        }
    }
}
