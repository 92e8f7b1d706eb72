package com.seckill.seckill.queue;

/** A waiting room as MySQL kept it. */
record KeptQueue(long activityId, int admissionPerSecond, boolean paused, String seed, long joined, Long drawn, long serving) {
}
