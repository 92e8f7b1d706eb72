package com.seckill.gateway.warmup;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.gateway.auth.JwtTokens;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * What the gateway's warm-up asks of itself, as shoppers do: each group of requests is a new warm-up user (ids far
 * above any shopper's) with a token of its own, reading the catalog and a sale, asking for a path, buying on a path
 * signed for it but never issued (refused by seckill-service's script before it takes anything), polling a result
 * and its orders.
 */
@Component
class WarmUpShopping {

    private static final Duration PATH_LIFE = Duration.ofMinutes(1);
    private static final int SALES = 3;
    private static final long FIRST_USER = 9_100_000_000_000_000_000L;

    /** One request: its method, target and shopper's token (or none). */
    record Call(String method, String target, String token) {

        static Call catalog() {
            return new Call("GET", "/api/activities", null);
        }
    }

    private final JwtTokens tokens;
    private final PurchasePaths paths;
    private final ObjectMapper json;
    private final Clock clock;
    private final AtomicLong users = new AtomicLong(FIRST_USER);

    WarmUpShopping(JwtTokens tokens, PurchasePaths paths, ObjectMapper json, Clock clock) {
        this.tokens = tokens;
        this.paths = paths;
        this.json = json;
        this.clock = clock;
    }

    /** The ids of the sales on now in a catalog answer ({@code GET /api/activities}), a few at most. */
    List<Long> salesOnNow(String catalog) throws JsonProcessingException {
        List<Long> sales = new ArrayList<>();
        for (JsonNode activity : json.readTree(catalog)) {
            if ("ONGOING".equals(activity.path("status").asText()) && sales.size() < SALES) {
                sales.add(activity.path("id").asLong());
            }
        }
        return sales;
    }

    /** {@code size} requests of shoppers on {@code sales}. */
    List<Call> round(int size, List<Long> sales) {
        List<Call> calls = new ArrayList<>(size + 3 + 3 * sales.size());
        while (calls.size() < size) {
            long user = users.getAndIncrement();
            String token = tokens.issue(user, false);
            calls.add(Call.catalog());
            calls.add(new Call("GET", "/api/seckill/result/" + UUID.randomUUID(), token));
            calls.add(new Call("GET", "/api/orders", token));
            for (long sale : sales) {
                calls.add(new Call("GET", "/api/activities/" + sale, null));
                calls.add(new Call("POST", "/api/seckill/" + sale + "/token", token));
                calls.add(new Call("POST", "/api/seckill/" + sale + "/" + paths.issue(sale, user, clock.instant().plus(PATH_LIFE)), token));
            }
        }
        return calls.subList(0, size);
    }
}
