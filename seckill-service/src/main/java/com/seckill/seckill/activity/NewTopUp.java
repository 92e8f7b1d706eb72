package com.seckill.seckill.activity;

/** Insert parameter: MyBatis writes the generated id back into {@code id}. */
final class NewTopUp {

    Long id;
    final long activityId;
    final int units;
    final long actorId;

    NewTopUp(long activityId, int units, long actorId) {
        this.activityId = activityId;
        this.units = units;
        this.actorId = actorId;
    }

    TopUp recorded() {
        return new TopUp(id, activityId, units);
    }
}
