package com.seckill.gateway.queue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.gateway.services.InnerServices;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Which activities have a waiting room, and when their sales start and end, as seckill-service's catalog says
 * (the public {@code GET /api/activities}, read every second). Each read replaces the whole set, so a room turned
 * off or an activity gone is no longer guarded nor answered for here; a read that fails keeps the last set.
 */
@Component
class WaitingRooms {

    private static final Logger log = LoggerFactory.getLogger(WaitingRooms.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    /** A sale with a waiting room: when its queue opens, when it starts and when it ends (null when the catalog did not say). */
    record Sale(Instant opensAt, Instant start, Instant end) {

        boolean known() {
            return opensAt != null && start != null && end != null;
        }

        /** Whether its queue takes shoppers at {@code now}: opened and not ended. */
        boolean open(Instant now) {
            return known() && !now.isBefore(opensAt) && now.isBefore(end);
        }
    }

    private volatile Map<Long, Sale> rooms = Map.of();
    private final InnerServices services;
    private final ObjectMapper json;

    WaitingRooms(InnerServices services, ObjectMapper json) {
        this.services = services;
        this.json = json;
    }

    boolean has(long activityId) {
        return rooms.containsKey(activityId);
    }

    Optional<Sale> sale(long activityId) {
        return Optional.ofNullable(rooms.get(activityId));
    }

    Map<Long, Sale> all() {
        return rooms;
    }

    @Scheduled(fixedDelayString = WaitingRoomProperties.REFRESH, initialDelay = 1000)
    void refresh() {
        try {
            String catalog = services.get("seckill-service", "/api/activities", null, null, false).block(TIMEOUT);
            JsonNode activities = catalog == null ? null : json.readTree(catalog);
            if (activities == null || !activities.isArray()) {
                return;
            }
            Map<Long, Sale> read = new HashMap<>();
            for (JsonNode activity : activities) {
                if (activity.path("waitingRoom").path("enabled").asBoolean(false)) {
                    read.put(activity.path("id").asLong(), new Sale(instant(activity.path("waitingRoom").path("opensAt")),
                            instant(activity.path("startTime")), instant(activity.path("endTime"))));
                }
            }
            rooms = Map.copyOf(read);
        } catch (Exception e) {
            log.debug("Waiting rooms not refreshed: {}", e.toString());
        }
    }

    private static Instant instant(JsonNode field) {
        try {
            return field.isTextual() ? Instant.parse(field.asText()) : null;
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }
}
