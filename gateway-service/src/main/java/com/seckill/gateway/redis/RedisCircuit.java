package com.seckill.gateway.redis;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The circuit around the gateway's Redis calls (rate limits, one-time paths). After a few failed
 * or slow calls it opens: calls fail at once with {@code CallNotPermittedException}, which the
 * callers turn into 503 BUSY for purchases, without a single command sent to a Redis that is
 * gone. It lets probes through after a pause and closes on its own when Redis answers.
 */
@Component
public class RedisCircuit {

    private static final Logger log = LoggerFactory.getLogger(RedisCircuit.class);

    private final CircuitBreaker circuit;

    RedisCircuit(RedisCircuitProperties properties) {
        this.circuit = CircuitBreaker.of("gateway-redis", CircuitBreakerConfig.custom()
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(properties.slidingWindow())
                .minimumNumberOfCalls(properties.minimumCalls())
                .failureRateThreshold(properties.failureRatePercent())
                .slowCallDurationThreshold(properties.slowCall())
                .slowCallRateThreshold(properties.slowCallRatePercent())
                .waitDurationInOpenState(properties.openFor())
                .permittedNumberOfCallsInHalfOpenState(properties.probes())
                .automaticTransitionFromOpenToHalfOpenEnabled(true)
                .build());
        circuit.getEventPublisher().onStateTransition(event -> log.warn("Gateway Redis circuit {}", event.getStateTransition()));
    }

    /** The call, subscribed only while the circuit lets calls through. */
    public <T> Mono<T> guard(Mono<T> redisCall) {
        return redisCall.transformDeferred(CircuitBreakerOperator.of(circuit));
    }

    CircuitBreaker.State state() {
        return circuit.getState();
    }
}
