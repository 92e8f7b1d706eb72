package com.seckill.gateway.blacklist;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The deny list's source of truth: table {@code blacklist}, owned by the gateway (contract §10). Its
 * few, rare statements run on the bounded-elastic scheduler, never on an event-loop thread.
 */
@Component
class BlacklistTable {

    private static final String COLUMNS = "id, user_id, ip, reason, expires_at, create_time, created_by";

    private final JdbcTemplate jdbc;

    BlacklistTable(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Stores a new entry; the database gives its id. */
    Mono<BlacklistEntry> insert(Long userId, String ip, String reason, Instant expiresAt, Instant createdAt, long createdBy) {
        return blocking(() -> {
            KeyHolder key = new GeneratedKeyHolder();
            jdbc.update(connection -> {
                PreparedStatement s = connection.prepareStatement(
                        "INSERT INTO blacklist (user_id, ip, reason, expires_at, create_time, created_by) VALUES (?, ?, ?, ?, ?, ?)",
                        Statement.RETURN_GENERATED_KEYS);
                if (userId == null) {
                    s.setNull(1, Types.BIGINT);
                } else {
                    s.setLong(1, userId);
                }
                s.setString(2, ip);
                s.setString(3, reason);
                s.setTimestamp(4, expiresAt == null ? null : Timestamp.from(expiresAt));
                s.setTimestamp(5, Timestamp.from(createdAt));
                s.setLong(6, createdBy);
                return s;
            }, key);
            return new BlacklistEntry(key.getKey().longValue(), userId, ip, reason, expiresAt, createdAt, createdBy);
        });
    }

    /** @return whether the entry existed */
    Mono<Boolean> delete(long id) {
        return blocking(() -> jdbc.update("DELETE FROM blacklist WHERE id = ?", id) == 1);
    }

    Mono<List<BlacklistEntry>> all() {
        return blocking(() -> jdbc.query("SELECT " + COLUMNS + " FROM blacklist ORDER BY id", BlacklistTable::entry));
    }

    private static BlacklistEntry entry(ResultSet rs, int row) throws SQLException {
        long userId = rs.getLong("user_id");
        Long user = rs.wasNull() ? null : userId;
        Timestamp expires = rs.getTimestamp("expires_at");
        return new BlacklistEntry(rs.getLong("id"), user, rs.getString("ip"), rs.getString("reason"),
                expires == null ? null : expires.toInstant(), rs.getTimestamp("create_time").toInstant(),
                rs.getLong("created_by"));
    }

    private static <T> Mono<T> blocking(Callable<T> statement) {
        return Mono.fromCallable(statement).subscribeOn(Schedulers.boundedElastic());
    }
}
