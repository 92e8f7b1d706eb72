package com.seckill.gateway.health;

import java.util.Map;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * {@code GET /actuator/health} on the public port (contract §4: the launcher and load balancers wait on
 * it), while the actuator itself, metrics included, listens on the management port only.
 */
@RestController
class HealthAlias {

    private final HealthEndpoint health;

    HealthAlias(HealthEndpoint health) {
        this.health = health;
    }

    /**
     * Off the event loop: some contributors block (the discovery client's, with Nacos), which Reactor
     * refuses on a Netty thread.
     */
    @GetMapping("/actuator/health")
    Mono<ResponseEntity<Map<String, String>>> health() {
        return Mono.fromCallable(() -> health.health().getStatus()).subscribeOn(Schedulers.boundedElastic())
                .map(status -> ResponseEntity.status(Status.UP.equals(status) ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
                        .body(Map.of("status", status.getCode())));
    }
}
