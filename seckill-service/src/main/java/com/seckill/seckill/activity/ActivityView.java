package com.seckill.seckill.activity;

import java.math.BigDecimal;
import java.time.Instant;

/** What shoppers see of an activity. {@code status}: UPCOMING, ONGOING, SOLD_OUT or ENDED. */
public record ActivityView(long id, String goodsName, BigDecimal price, int stockTotal, int stockLeft,
                           Instant startTime, Instant endTime, boolean captchaRequired, String status) {

    static ActivityView of(Activity activity, int stockLeft, Instant now) {
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
                Math.max(stockLeft, 0), activity.startTime(), activity.endTime(), activity.captchaRequired(), status);
    }
}
