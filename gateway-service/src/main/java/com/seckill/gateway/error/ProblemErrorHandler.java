package com.seckill.gateway.error;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.error.ErrorCode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.reactive.error.ErrorWebExceptionHandler;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Replaces Spring Boot's default error handler (order -1), so no Whitelabel page or JSON stack trace
 * ever reaches a client: filters, the demo-token controller and routing all fail into this one place.
 */
@Component
@Order(-2)
class ProblemErrorHandler implements ErrorWebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemErrorHandler.class);
    private static final String ABOUT_BLANK = "about:blank";
    private static final String RETRY_AFTER_SECONDS = "1";

    private final ObjectMapper json;

    ProblemErrorHandler(ObjectMapper json) {
        this.json = json;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable failure) {
        ServerHttpResponse response = exchange.getResponse();
        if (response.isCommitted()) {
            // Headers are already on the wire: nothing sensible can be written, let the server drop the connection.
            return Mono.error(failure);
        }
        HttpMethod method = exchange.getRequest().getMethod();
        boolean changes = !(HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method) || HttpMethod.OPTIONS.equals(method));
        Problem problem = Problem.from(failure, changes);
        if (problem.expected()) {
            // Debug only: an outage or an attack would otherwise write one line per request.
            log.debug("{} {} answered {} {}: {}", exchange.getRequest().getMethod(), exchange.getRequest().getPath(),
                    problem.status(), problem.code(), failure.toString());
        } else {
            log.error("Unexpected failure on {} {}", exchange.getRequest().getMethod(), exchange.getRequest().getPath(),
                    failure);
        }
        byte[] body = body(problem, exchange.getRequest().getPath().value());
        response.setStatusCode(HttpStatusCode.valueOf(problem.status()));
        HttpHeaders headers = response.getHeaders();
        headers.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        headers.setContentLength(body.length);
        if (failure instanceof ResponseStatusException framework) {
            // e.g. Allow on 405, Accept on 415: part of a correct answer, and never internal.
            framework.getHeaders().forEach(headers::putIfAbsent);
        }
        if (failure instanceof ProblemHeaders extra) {
            extra.writeTo(headers);
        }
        if (problem.code() == ErrorCode.BUSY && !headers.containsKey(HttpHeaders.RETRY_AFTER)) {
            // every 503 says when to come back, so that clients that listen do not hammer
            headers.set(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
        }
        return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
    }

    private byte[] body(Problem problem, String instance) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", ABOUT_BLANK);
        body.put("title", problem.title());
        body.put("status", problem.status());
        body.put("detail", problem.detail());
        body.put("instance", instance);
        body.put("code", problem.code().name());
        if (problem.outcome() != null) {
            body.put("outcome", problem.outcome());
        }
        try {
            return json.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A map of strings and numbers always serialises", e);
        }
    }
}
