package com.seckill.seckill.activity;

/** One stock top-up as recorded in {@code stock_top_up}: {@code units} added to activity {@code activityId}. */
record TopUp(long id, long activityId, int units) {
}
