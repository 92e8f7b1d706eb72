package com.seckill.seckill.audit;

import java.time.Instant;

/** One operator action as stored; {@code before} and {@code after} are JSON text (or null). */
record AuditEntry(long id, long actorId, String action, Long activityId, String before, String after, Instant at) {
}
