package com.seckill.order.consume;

/** A message for an activity MySQL does not know: it can never succeed, so it is dead-lettered. */
class UnknownActivity extends RuntimeException {

    UnknownActivity(long activityId) {
        super("No activity " + activityId, null, false, false);
    }
}
