package com.seckill.seckill.activity;

import java.time.Instant;

/**
 * An activity's waiting room as created (table {@code waiting_room}); what moves while it runs (the
 * serving position, the rate, a pause) lives in Redis and is kept in the same row by the queue.
 *
 * @param admissionPerSecond the rate it was created with
 * @param seed               the key of the draw of the fair start, shown to admins
 */
public record WaitingRoomSettings(int admissionPerSecond, int opensBeforeSeconds, int admissionSeconds, String seed) {

    public Instant opensAt(Activity activity) {
        return activity.startTime().minusSeconds(opensBeforeSeconds);
    }
}
