package com.seckill.gateway.audit;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.web.DecimalId;
import com.seckill.gateway.auth.AuthenticatedUser;
import com.seckill.gateway.services.InnerServices;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/admin/audit} (ADMIN): every operator action, the latest first: the blacklist's, kept by
 * the gateway, the activities' and queues', asked of seckill-service, and the refunds operators asked for,
 * asked of payment-service. Each source keeps its own table; this only reads them.
 */
@RestController
class AuditController {

    private static final String PROBLEM = "application/problem+json";
    private static final int MAX = 1000;
    private static final TypeReference<List<Map<String, Object>>> ENTRIES = new TypeReference<>() {
    };

    private final GatewayAudit own;
    private final InnerServices services;
    private final ObjectMapper json;

    AuditController(GatewayAudit own, InnerServices services, ObjectMapper json) {
        this.own = own;
        this.services = services;
        this.json = json;
    }

    /** One action: who, what, on which, when, before -> after (JSON objects, or null). */
    record Action(Instant at, long actorId, String action, String target, JsonNode before, JsonNode after) {
    }

    @GetMapping("/api/admin/audit")
    @Operation(summary = "Every operator action, the latest first: activity create, warm-up and reconcile, queue changes, stock top-ups,"
            + " blacklist, ADMIN tokens of the demo sign-in, order refunds (ADMIN)")
    @ApiResponse(responseCode = "200", description = "Actions")
    @ApiResponse(responseCode = "401", description = "UNAUTHENTICATED", content = @Content(mediaType = PROBLEM))
    @ApiResponse(responseCode = "403", description = "FORBIDDEN: not an administrator", content = @Content(mediaType = PROBLEM))
    @ApiResponse(responseCode = "503", description = "BUSY: seckill-service, payment-service or MySQL cannot answer", content = @Content(mediaType = PROBLEM))
    Mono<List<Action>> all(@RequestParam(defaultValue = "100") String limit, ServerWebExchange exchange) {
        int max = limit(limit);
        long adminId = AuthenticatedUser.of(exchange).orElseThrow(() -> new IllegalStateException("Admin endpoint reached unauthenticated"))
                .userId();
        Mono<List<Action>> gateway = own.latest(max).map(entries -> entries.stream()
                .map(e -> new Action(e.at(), e.actorId(), e.action(), e.entryId() == null ? null : "blacklist " + e.entryId(),
                        tree(e.before()), tree(e.after())))
                .toList());
        Mono<List<Action>> seckill = services.get("seckill-service", "/api/admin/activities/audit", "limit=" + max, adminId, true)
                .map(this::activityActions)
                .onErrorMap(e -> !(e instanceof com.seckill.common.error.SeckillException), e -> new AuditUnavailable("activities'"));
        Mono<List<Action>> payment = services.get("payment-service", "/api/admin/payments/audit", "limit=" + max, adminId, true)
                .map(this::refundActions)
                .onErrorMap(e -> !(e instanceof com.seckill.common.error.SeckillException), e -> new AuditUnavailable("refunds'"));
        return Mono.zip(gateway, seckill, payment).map(all -> {
            List<Action> merged = new ArrayList<>(all.getT1());
            merged.addAll(all.getT2());
            merged.addAll(all.getT3());
            merged.sort(Comparator.comparing(Action::at).reversed());
            return merged.subList(0, Math.min(max, merged.size()));
        });
    }

    private List<Action> activityActions(String body) {
        try {
            List<Action> actions = new ArrayList<>();
            for (Map<String, Object> e : json.readValue(body, ENTRIES)) {
                Object activity = e.get("activityId");
                actions.add(new Action(Instant.parse(e.get("at").toString()), ((Number) e.get("actorId")).longValue(),
                        e.get("action").toString(), activity == null ? null : "activity " + activity,
                        tree((String) e.get("before")), tree((String) e.get("after"))));
            }
            return actions;
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("seckill-service's audit log could not be read", e);
        }
    }

    /** payment-service's part: the refunds operators asked for, each naming its order. */
    private List<Action> refundActions(String body) {
        try {
            List<Action> actions = new ArrayList<>();
            for (Map<String, Object> e : json.readValue(body, ENTRIES)) {
                actions.add(new Action(Instant.parse(e.get("at").toString()), ((Number) e.get("actorId")).longValue(),
                        e.get("action").toString(), (String) e.get("target"), tree((String) e.get("before")), tree((String) e.get("after"))));
            }
            return actions;
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("payment-service's audit log could not be read", e);
        }
    }

    private JsonNode tree(String text) {
        if (text == null) {
            return null;
        }
        try {
            return json.readTree(text);
        } catch (IOException e) {
            return json.getNodeFactory().textNode(text);
        }
    }

    private static int limit(String text) {
        try {
            long value = DecimalId.parse(text);
            if (value >= 1 && value <= MAX) {
                return (int) value;
            }
        } catch (IllegalArgumentException e) {
            // below
        }
        throw new InvalidLimit();
    }

    /** An inner service did not answer for its part of the log. */
    static final class AuditUnavailable extends com.seckill.common.error.SeckillException {
        AuditUnavailable(String whose) {
            super(com.seckill.common.error.ErrorCode.BUSY, "The " + whose + " audit log cannot be read now, try again shortly");
        }
    }

    static final class InvalidLimit extends com.seckill.common.error.SeckillException {
        InvalidLimit() {
            super(com.seckill.common.error.ErrorCode.BAD_REQUEST, "limit must be a whole number from 1 to " + MAX);
        }
    }
}
