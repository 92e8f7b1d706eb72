package com.seckill.gateway.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

class RedisCircuitTest {

    private final RedisCircuit circuit = new RedisCircuit(
            new RedisCircuitProperties(10, 5, 50, Duration.ofSeconds(1), 80, Duration.ofMinutes(1), 3));

    @Test
    void afterRepeatedFailuresTheCircuitOpensAndNoCallReachesRedis() {
        AtomicInteger sent = new AtomicInteger();
        Mono<String> failing = Mono.fromCallable(() -> {
            sent.incrementAndGet();
            throw new IllegalStateException("connection refused");
        });
        for (int i = 0; i < 5; i++) {
            StepVerifier.create(circuit.guard(failing)).expectError(IllegalStateException.class).verify();
        }

        assertThat(circuit.state()).isEqualTo(CircuitBreaker.State.OPEN);
        StepVerifier.create(circuit.guard(failing)).expectError(CallNotPermittedException.class).verify();
        assertThat(sent).hasValue(5);
    }

    @Test
    void successfulCallsPassThroughAndKeepItClosed() {
        for (int i = 0; i < 10; i++) {
            StepVerifier.create(circuit.guard(Mono.just("ok"))).expectNext("ok").verifyComplete();
        }
        assertThat(circuit.state()).isEqualTo(CircuitBreaker.State.CLOSED);
    }
}
