package com.seckill.gateway.health;

import java.util.Map;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /actuator/health} on the public port (DESIGN.md §4: the launcher and load balancers wait on
 * it), while the actuator itself, metrics included, listens on the management port only.
 */
@RestController
class HealthAlias {

    private final HealthEndpoint health;

    HealthAlias(HealthEndpoint health) {
        this.health = health;
    }

    @GetMapping("/actuator/health")
    ResponseEntity<Map<String, String>> health() {
        Status status = health.health().getStatus();
        return ResponseEntity.status(Status.UP.equals(status) ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
                .body(Map.of("status", status.getCode()));
    }
}
