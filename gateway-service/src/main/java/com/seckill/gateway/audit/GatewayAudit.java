package com.seckill.gateway.blacklist;

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
 * Who blocked or unblocked whom, when (table {@code blacklist_audit}, the gateway's own): the blacklist's
 * part of the operators' audit log (DESIGN.md §11), which {@code GET /api/admin/audit} shows merged with
 * seckill-service's.
 */
@Component
public class BlacklistAudit {

    public static final String ADD = "blacklist.add";
    public static final String REMOVE = "blacklist.remove";

    /** One action: {@code before}/{@code after} as JSON text, or null. */
    public record Entry(long id, long actorId, String action, Long entryId, String before, String after, Instant at) {
    }

    private final JdbcTemplate jdbc;
    private final ObjectMapper json;

    BlacklistAudit(JdbcTemplate jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    Mono<Void> record(long actorId, String action, long entryId, Object before, Object after) {
        return Mono.fromRunnable(() -> jdbc.update(
                "INSERT INTO blacklist_audit (actor_id, action, entry_id, before_json, after_json) VALUES (?, ?, ?, ?, ?)",
                actorId, action, entryId, text(before), text(after))).subscribeOn(Schedulers.boundedElastic()).then();
    }

    /** The latest first. */
    public Mono<List<Entry>> latest(int limit) {
        return Mono.fromCallable(() -> jdbc.query("SELECT id, actor_id, action, entry_id, before_json, after_json, create_time "
                + "FROM blacklist_audit ORDER BY id DESC LIMIT ?", (rs, row) -> {
                    long entry = rs.getLong("entry_id");
                    Timestamp at = rs.getTimestamp("create_time");
                    return new Entry(rs.getLong("id"), rs.getLong("actor_id"), rs.getString("action"), rs.wasNull() ? null : entry,
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
