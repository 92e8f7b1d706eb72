package com.seckill.gateway.queue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.queue.QueueAnswer;
import com.seckill.common.web.Headers;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * A waiting room's answers given by the gateway itself: 200 with the answer seckill-service would have given, counted
 * as {@code seckill_gateway_queue_answered_total{kind=join|poll,status}} (seckill-service counts the ones it gives as
 * {@code seckill_waiting_room_answers_total}; the dashboard's waiting-room panel shows both).
 */
@Component
class QueueReplies {

    static final String JOIN = "join";
    static final String POLL = "poll";

    private final ObjectMapper json;
    private final MeterRegistry meters;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    QueueReplies(ObjectMapper json, MeterRegistry meters) {
        this.json = json;
        this.meters = meters;
        for (String status : List.of(QueueAnswer.WAITING, QueueAnswer.PAUSED, QueueAnswer.SOLD_OUT)) {
            counter(POLL, status); // at 0 from the start, as a dashboard expects
        }
        counter(JOIN, QueueAnswer.SOLD_OUT);
    }

    /** Counts an answer the gateway gave ({@code kind} poll, or join: a 410 SOLD_OUT; {@code status} as the body says). */
    void count(String kind, String status) {
        counter(kind, status).increment();
    }

    private Counter counter(String kind, String status) {
        return counters.computeIfAbsent(kind + ' ' + status, key -> Counter.builder("seckill.gateway.queue.answered")
                .description("Waiting-room joins and polls the gateway answered itself, without seckill-service")
                .tag("kind", kind).tag("status", status.toLowerCase(Locale.ROOT)).register(meters));
    }

    Mono<Void> write(ServerWebExchange exchange, String kind, QueueAnswer answer) {
        count(kind, answer.status());
        byte[] body;
        try {
            body = json.writeValueAsBytes(answer);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A waiting-room answer did not serialize", e);
        }
        ServerHttpResponse response = exchange.getResponse();
        response.setStatusCode(HttpStatus.OK);
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        response.getHeaders().setContentLength(body.length);
        response.getHeaders().setCacheControl("no-store");
        if (QueueAnswer.SOLD_OUT.equals(answer.status())) {
            response.getHeaders().set(Headers.SOLD_OUT, "true"); // the next polls are answered at the connection (ShedGate)
        }
        return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
    }
}
