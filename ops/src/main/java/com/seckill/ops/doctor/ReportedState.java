package com.seckill.ops.doctor;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The doctor's checks of what the services report of their own state ({@code /actuator/info} on each one's port):
 * the unique indexes of order-service's and payment-service's tables, and seckill-service's sales. The doctor asks
 * the owners; it names none of their tables or Redis keys.
 */
final class ReportedState {

    /** The services whose tables hold the unique indexes that keep a sale exact (contract §6). */
    static final List<String> GUARDED = List.of("order-service", "payment-service");
    static final String SCHEMA = "Schema and its unique indexes";
    static final String WARMED = "Activities warmed up";
    static final String AGREES = "Stock agrees (Redis = MySQL - in flight)";

    private ReportedState() {
    }

    /** Every guard the services declare is in their database; a service that cannot tell fails the check too. */
    static Check guards(Map<String, JsonNode> facts) {
        List<String> present = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (String service : GUARDED) {
            JsonNode reported = facts.get(service);
            if (reported == null) {
                unknown.add(service + " did not answer");
            } else if (reported.hasNonNull("guardsError")) {
                unknown.add(service + ": " + reported.get("guardsError").asText());
            } else if (reported.path("guards").isEmpty()) {
                unknown.add(service + " reports no guards");
            } else {
                reported.get("guards").fields().forEachRemaining(guard -> (guard.getValue().asBoolean() ? present : missing).add(guard.getKey()));
            }
        }
        if (!missing.isEmpty()) {
            return Check.fail(SCHEMA, "missing: " + missing
                    + " (each service makes its tables as it starts, Flyway migrations in sql/<service>/: ./seckill up)");
        }
        return unknown.isEmpty() ? Check.ok(SCHEMA, String.join(", ", present)) : Check.fail(SCHEMA, "cannot tell: " + unknown);
    }

    /**
     * Every sale within its warm-up window is sellable from Redis, and Redis stock = MySQL stock - in flight, as
     * seckill-service reports them.
     */
    static List<Check> sales(JsonNode seckill) {
        String unreported = seckill == null ? "seckill-service did not answer"
                : seckill.hasNonNull("salesError") ? "seckill-service cannot read them: " + seckill.get("salesError").asText()
                : !seckill.has("sales") ? "seckill-service reports no sales (is SECKILL_DOCTOR_SECKILL_URL its address?)" : null;
        if (unreported != null) {
            return List.of(Check.fail(WARMED, unreported));
        }
        List<String> unwarmed = new ArrayList<>();
        List<String> apart = new ArrayList<>();
        for (JsonNode sale : seckill.get("sales")) {
            long id = sale.path("activityId").asLong();
            long dbStock = sale.path("dbStock").asLong();
            long inFlight = sale.path("inFlight").asLong();
            if (!sale.path("sellable").asBoolean()) {
                unwarmed.add(String.valueOf(id));
            } else if (sale.path("redisStock").asLong() != dbStock - inFlight) {
                apart.add(id + " (Redis " + sale.path("redisStock").asLong() + ", MySQL " + dbStock + ", in flight " + inFlight + ")");
            }
        }
        int seen = seckill.get("sales").size();
        return List.of(unwarmed.isEmpty() ? Check.ok(WARMED, seen + " on sale or within their warm-up window")
                        : Check.fail(WARMED, "not sellable from Redis: " + firstOf(unwarmed) + " (not warmed, or its figures wait"
                        + " to be rebuilt: POST /api/admin/activities/{id}/warmup, or wait for the warm-up job)"),
                apart.isEmpty() ? Check.ok(AGREES, seen + " checked")
                        : Check.warn(AGREES, firstOf(apart) + " (settles by itself when orders are in flight; else POST .../reconcile)"));
    }

    /** The newest few of a long list, and how many more there are. */
    private static String firstOf(List<String> items) {
        int shown = Math.min(items.size(), 10);
        return String.join("; ", items.subList(0, shown)) + (items.size() > shown ? " and " + (items.size() - shown) + " more" : "");
    }
}
