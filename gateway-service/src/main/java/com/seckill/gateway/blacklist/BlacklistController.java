package com.seckill.gateway.blacklist;

import com.seckill.gateway.auth.AuthenticatedUser;
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

    private final Blacklist blacklist;

    BlacklistController(Blacklist blacklist) {
        this.blacklist = blacklist;
    }

    @PostMapping(ENTRIES)
    @ResponseStatus(HttpStatus.CREATED)
    Mono<BlacklistEntry> add(@Valid @RequestBody NewBlacklistEntry request, ServerWebExchange exchange) {
        long adminId = AuthenticatedUser.of(exchange).orElseThrow(
                () -> new IllegalStateException("Admin endpoint reached unauthenticated")).userId();
        return blacklist.add(request, adminId);
    }

    @GetMapping(ENTRIES)
    Mono<List<BlacklistEntry>> list() {
        return blacklist.list();
    }

    @DeleteMapping(ENTRIES + "/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> remove(@PathVariable String id) {
        return blacklist.remove(entryId(id));
    }

    private static long entryId(String text) {
        if (text.isEmpty() || text.length() > 18 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new InvalidBlacklistEntry("Entry id must be a positive number");
        }
        long id = Long.parseLong(text);
        if (id <= 0) {
            throw new InvalidBlacklistEntry("Entry id must be a positive number");
        }
        return id;
    }
}
