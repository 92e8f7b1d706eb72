package com.seckill.seckill.purchase;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillProperties;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * {@code GET /api/seckill/result/{requestId}/events}: the outcome of a purchase pushed to its owner
 * once known. A waiting shopper holds no thread: the request goes asynchronous (an {@link SseEmitter}),
 * and one scheduled task reads the results of every waiting stream in a single Redis round trip and
 * completes those that settled. A stream that waits longer than {@code seckill.sale.result-stream-timeout}
 * ends with a {@code timeout} event, and the page polls instead.
 */
@Component
class ResultStreams {

    static final String RESULT_EVENT = "result";
    static final String TIMEOUT_EVENT = "timeout";
    private static final Logger log = LoggerFactory.getLogger(ResultStreams.class);

    /** The streams waiting for each request (a shopper may open it in two tabs). */
    private final Map<String, Queue<SseEmitter>> waiting = new ConcurrentHashMap<>();
    private final StringRedisTemplate redis;
    private final ObjectMapper json;
    private final SeckillProperties properties;
    private final Clock clock;
    private volatile long lastHeartbeat;

    ResultStreams(StringRedisTemplate redis, ObjectMapper json, SeckillProperties properties, Clock clock, MeterRegistry meters) {
        this.redis = redis;
        this.json = json;
        this.properties = properties;
        this.clock = clock;
        this.lastHeartbeat = clock.millis();
        Gauge.builder("seckill.result.streams", waiting, streams -> streams.values().stream().mapToInt(Queue::size).sum())
                .description("Result streams (server-sent events) waiting for an outcome").register(meters);
    }

    /** A stream for a request already known to be this user's: the outcome at once if settled, else when it is. */
    SseEmitter open(RequestResult current) {
        SseEmitter emitter = new SseEmitter(properties.resultStreamTimeout().toMillis());
        if (current.status() != RequestResult.Status.QUEUED) {
            sendAndComplete(emitter, current);
            return emitter;
        }
        String requestId = current.requestId();
        waiting.computeIfAbsent(requestId, id -> new ConcurrentLinkedQueue<>()).add(emitter);
        Runnable forget = () -> forget(requestId, emitter);
        emitter.onCompletion(forget);
        emitter.onError(error -> forget.run());
        emitter.onTimeout(() -> {
            forget.run();
            try {
                emitter.send(SseEmitter.event().name(TIMEOUT_EVENT).data("{\"status\":\"QUEUED\"}", MediaType.APPLICATION_JSON));
            } catch (IOException | IllegalStateException e) {
                // the shopper left already
            }
            emitter.complete();
        });
        return emitter;
    }

    private void forget(String requestId, SseEmitter emitter) {
        waiting.computeIfPresent(requestId, (id, streams) -> {
            streams.remove(emitter);
            return streams.isEmpty() ? null : streams;
        });
    }

    /** One MGET for every waiting request; the settled ones are pushed and their streams closed. */
    @Scheduled(fixedDelayString = SeckillProperties.RESULT_STREAM_CHECK)
    void pushSettled() {
        if (waiting.isEmpty()) {
            return;
        }
        List<String> requestIds = new ArrayList<>(waiting.keySet());
        List<String> values;
        try {
            values = redis.opsForValue().multiGet(requestIds.stream().map(SeckillKeys::result).toList());
        } catch (RuntimeException e) {
            log.debug("Results not read this round: {}", e.toString());
            return; // Redis away: the streams wait, and time out into polling if it stays away
        }
        for (int i = 0; values != null && i < requestIds.size(); i++) {
            RequestResult result = parse(values.get(i));
            if (result != null && result.status() != RequestResult.Status.QUEUED) {
                Queue<SseEmitter> streams = waiting.remove(requestIds.get(i));
                if (streams != null) {
                    streams.forEach(emitter -> sendAndComplete(emitter, result));
                }
            }
        }
        heartbeat();
    }

    /** A comment line now and then keeps proxies from closing a quiet stream. */
    private void heartbeat() {
        long now = clock.millis();
        if (now - lastHeartbeat < 15_000) {
            return;
        }
        lastHeartbeat = now;
        waiting.values().forEach(streams -> streams.forEach(emitter -> {
            try {
                emitter.send(SseEmitter.event().comment("waiting"));
            } catch (IOException | IllegalStateException e) {
                emitter.completeWithError(e);
            }
        }));
    }

    private RequestResult parse(String value) {
        if (value == null) {
            return null;
        }
        try {
            return json.readValue(value, RequestResult.class);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private void sendAndComplete(SseEmitter emitter, RequestResult result) {
        try {
            emitter.send(SseEmitter.event().name(RESULT_EVENT).data(PurchaseController.ResultView.of(result), MediaType.APPLICATION_JSON));
            emitter.complete();
        } catch (IOException | IllegalStateException e) {
            emitter.completeWithError(e);
        }
    }
}
