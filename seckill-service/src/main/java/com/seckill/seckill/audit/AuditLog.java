package com.seckill.seckill.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Records operator actions in {@code activity_audit}, in the transaction of the action when there is
 * one, so an action is never done without its entry. The blacklist's actions are the gateway's
 * ({@code blacklist_audit}); {@code GET /api/admin/audit} at the gateway shows both, merged.
 */
@Component
public class AuditLog {

    public static final String CREATE = "activity.create";
    public static final String WARM_UP = "activity.warmup";
    public static final String QUEUE_RATE = "queue.rate";
    public static final String QUEUE_PAUSE = "queue.pause";
    public static final String STOCK_ADD = "stock.add";
    public static final String RECONCILE = "activity.reconcile";
    /** An entry is at most this long, before and after each (the column's width). */
    private static final int MAX_JSON = 2000;

    private final AuditMapper mapper;
    private final ObjectMapper json;

    AuditLog(AuditMapper mapper, ObjectMapper json) {
        this.mapper = mapper;
        this.json = json;
    }

    /** @param before, after what changed, as JSON objects (or null when there was nothing before, or nothing to show) */
    public void record(long actorId, String action, Long activityId, Object before, Object after) {
        mapper.insert(actorId, action, activityId, text(before), text(after));
    }

    /** The latest entries first. */
    List<AuditEntry> latest(int limit) {
        return mapper.latest(limit);
    }

    private String text(Object value) {
        if (value == null) {
            return null;
        }
        try {
            String text = json.writeValueAsString(value);
            return text.length() <= MAX_JSON ? text : text.substring(0, MAX_JSON);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("audit value not serialisable", e);
        }
    }
}
