package com.seckill.gateway.blacklist;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * One deny-list entry: a user, a client address, or both. Without {@code expiresAt} it applies until
 * removed; with it, it stops applying at that instant.
 *
 * @param createdBy the admin who added it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record BlacklistEntry(long id, Long userId, String ip, String reason, Instant expiresAt, Instant createdAt,
                      long createdBy) {

    boolean activeAt(Instant now) {
        return expiresAt == null || now.isBefore(expiresAt);
    }
}
