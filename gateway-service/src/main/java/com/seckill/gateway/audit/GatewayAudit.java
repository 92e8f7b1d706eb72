package com.seckill.gateway.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The gateway's part of the operators' audit log (table {@code gateway_audit}, its own; contract §11): who
 * blocked or unblocked whom, and who was handed an ADMIN token by the demo sign-in, when.
 * {@code GET /api/admin/audit} shows it merged with seckill-service's.
 */
@Component
public class GatewayAudit {

    public static final String BLACKLIST_ADD = "blacklist.add";
    public static final String BLACKLIST_REMOVE = "blacklist.remove";
    /** The demo sign-in (local profile only) handed out an ADMIN token: the actor is the user it is for. */
    public static final String DEMO_ADMIN_TOKEN = "token.demo-admin";

    /** One action: the blacklist entry it was on (or null), {@code before}/{@code after} as JSON text, or null. */
    public record Entry(long id, long actorId, String action, Long entryId, String before, String after, Instant at) {
    }

    private final JdbcTemplate jdbc;
    private final ObjectMapper json;

    GatewayAudit(JdbcTemplate jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    public Mono<Void> record(long actorId, String action, Long entryId, Object before, Object after) {
        return Mono.fromRunnable(() -> jdbc.update(
                "INSERT INTO gateway_audit (actor_id, action, entry_id, before_json, after_json) VALUES (?, ?, ?, ?, ?)",
                actorId, action, entryId, text(before), text(after))).subscribeOn(Schedulers.boundedElastic()).then();
    }

    /** The latest first. */
    Mono<List<Entry>> latest(int limit) {
        return Mono.fromCallable(() -> jdbc.query("SELECT id, actor_id, action, entry_id, before_json, after_json, create_time "
                + "FROM gateway_audit ORDER BY id DESC LIMIT ?", (rs, row) -> {
                    long entry = rs.getLong("entry_id");
                    Long entryId = rs.wasNull() ? null : entry;
                    Timestamp at = rs.getTimestamp("create_time");
                    return new Entry(rs.getLong("id"), rs.getLong("actor_id"), rs.getString("action"), entryId,
                            rs.getString("before_json"), rs.getString("after_json"), at.toInstant());
                }, limit)).subscribeOn(Schedulers.boundedElastic());
    }

    private String text(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("audit value not serialisable", e);
        }
    }
}
