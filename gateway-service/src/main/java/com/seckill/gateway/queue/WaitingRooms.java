package com.seckill.gateway.queue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.gateway.services.InnerServices;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Which activities have a waiting room, as seckill-service's catalog says (the public
 * {@code GET /api/activities}, read every second). Each read replaces the whole set, so a room turned
 * off or an activity gone is no longer guarded here; a read that fails keeps the last set.
 */
@Component
class WaitingRooms {

    private static final Logger log = LoggerFactory.getLogger(WaitingRooms.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private volatile Set<Long> rooms = Set.of();
    private final InnerServices services;
    private final ObjectMapper json;

    WaitingRooms(InnerServices services, ObjectMapper json) {
        this.services = services;
        this.json = json;
    }

    boolean has(long activityId) {
        return rooms.contains(activityId);
    }

    @Scheduled(fixedDelayString = WaitingRoomProperties.REFRESH, initialDelay = 1000)
    void refresh() {
        try {
            String catalog = services.get("seckill-service", "/api/activities", null, null, false).block(TIMEOUT);
            JsonNode activities = catalog == null ? null : json.readTree(catalog);
            if (activities == null || !activities.isArray()) {
                return;
            }
            Set<Long> read = new HashSet<>();
            for (JsonNode activity : activities) {
                if (activity.path("waitingRoom").path("enabled").asBoolean(false)) {
                    read.add(activity.path("id").asLong());
                }
            }
            rooms = Set.copyOf(read);
        } catch (Exception e) {
            log.debug("Waiting rooms not refreshed: {}", e.toString());
        }
    }
}
