package com.seckill.gateway.blacklist;

import com.seckill.gateway.audit.GatewayAudit;
import com.seckill.common.web.DecimalId;
import com.seckill.gateway.auth.AuthenticatedUser;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Served by the gateway itself, since the gateway is what enforces the list. The authentication filter
 * lets only ADMIN tokens reach {@code /api/admin/**}.
 */
@RestController
class BlacklistController {

    private static final String ENTRIES = "/api/admin/blacklist";
    private static final String PROBLEM = "application/problem+json";

    private final Blacklist blacklist;
    private final GatewayAudit audit;

    BlacklistController(Blacklist blacklist, GatewayAudit audit) {
        this.blacklist = blacklist;
        this.audit = audit;
    }

    @PostMapping(ENTRIES)
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Blocks a user or a client address (ADMIN), for a while or until removed; every gateway applies it within a second")
    @ApiResponse(responseCode = "201", description = "Blocked")
    @ApiResponse(responseCode = "400", description = "BAD_REQUEST: no userId and no ip, a bad address, no reason", content = @Content(mediaType = PROBLEM))
    @ApiResponse(responseCode = "401", description = "UNAUTHENTICATED", content = @Content(mediaType = PROBLEM))
    @ApiResponse(responseCode = "403", description = "FORBIDDEN: not an administrator", content = @Content(mediaType = PROBLEM))
    Mono<BlacklistEntry> add(@Valid @RequestBody NewBlacklistEntry request, ServerWebExchange exchange) {
        long adminId = adminOf(exchange);
        return blacklist.add(request, adminId)
                .flatMap(entry -> audit.record(adminId, GatewayAudit.BLACKLIST_ADD, entry.id(), null, entry).thenReturn(entry));
    }

    private static long adminOf(ServerWebExchange exchange) {
        return AuthenticatedUser.of(exchange).orElseThrow(() -> new IllegalStateException("Admin endpoint reached unauthenticated"))
                .userId();
    }

    @GetMapping(ENTRIES)
    @Operation(summary = "The blacklist in force (ADMIN)")
    @ApiResponse(responseCode = "200", description = "Every entry not expired")
    @ApiResponse(responseCode = "401", description = "UNAUTHENTICATED", content = @Content(mediaType = PROBLEM))
    @ApiResponse(responseCode = "403", description = "FORBIDDEN: not an administrator", content = @Content(mediaType = PROBLEM))
    Mono<List<BlacklistEntry>> list() {
        return blacklist.list();
    }

    @DeleteMapping(ENTRIES + "/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Lifts a block (ADMIN)")
    @ApiResponse(responseCode = "204", description = "Lifted")
    @ApiResponse(responseCode = "400", description = "BAD_REQUEST: the id is not a positive number", content = @Content(mediaType = PROBLEM))
    @ApiResponse(responseCode = "401", description = "UNAUTHENTICATED", content = @Content(mediaType = PROBLEM))
    @ApiResponse(responseCode = "403", description = "FORBIDDEN: not an administrator", content = @Content(mediaType = PROBLEM))
    @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such entry", content = @Content(mediaType = PROBLEM))
    Mono<Void> remove(@PathVariable String id, ServerWebExchange exchange) {
        long entryId = entryId(id);
        long adminId = adminOf(exchange);
        return blacklist.list()
                .map(entries -> entries.stream().filter(e -> e.id() == entryId).findFirst())
                .flatMap(before -> blacklist.remove(entryId)
                        .then(audit.record(adminId, GatewayAudit.BLACKLIST_REMOVE, entryId, before.orElse(null), null)));
    }

    private static long entryId(String text) {
        long id;
        try {
            id = DecimalId.parse(text);
        } catch (IllegalArgumentException e) {
            throw new InvalidBlacklistEntry("Entry id must be a positive number in plain decimal");
        }
        if (id <= 0) {
            throw new InvalidBlacklistEntry("Entry id must be a positive number in plain decimal");
        }
        return id;
    }
}
