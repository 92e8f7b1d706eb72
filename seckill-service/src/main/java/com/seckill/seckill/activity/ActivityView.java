package com.seckill.seckill.activity;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * What shoppers see of an activity. {@code status}: UPCOMING, ONGOING, SOLD_OUT or ENDED.
 * {@code waitingRoom} only for an activity that has one: shoppers join its queue instead of asking
 * for a path (contract §11). {@code buckets} only for an activity sold from more than one Redis bucket.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ActivityView(long id, String goodsName, BigDecimal price, int stockTotal, int stockLeft,
                           Instant startTime, Instant endTime, boolean captchaRequired, String status,
                           WaitingRoomView waitingRoom, Integer buckets) {

    /** When the queue opens, how fast it lets shoppers in, and how long one admitted has to buy. */
    public record WaitingRoomView(boolean enabled, Instant opensAt, int admissionPerSecond, int admissionSeconds) {
    }

    static ActivityView of(Activity activity, int stockLeft, WaitingRoomSettings room, Instant now) {
        String status;
        if (activity.endedAt(now)) {
            status = "ENDED";
        } else if (!activity.startedAt(now)) {
            status = "UPCOMING";
        } else if (stockLeft <= 0) {
            status = "SOLD_OUT";
        } else {
            status = "ONGOING";
        }
        return new ActivityView(activity.id(), activity.goodsName(), activity.price(), activity.stockTotal(),
                Math.max(stockLeft, 0), activity.startTime(), activity.endTime(), activity.captchaRequired(), status,
                room == null ? null : new WaitingRoomView(true, room.opensAt(activity), room.admissionPerSecond(), room.admissionSeconds()),
                activity.buckets() > 1 ? activity.buckets() : null);
    }
}
