package com.seckill.seckill.queue;

/** A waiting room as the admins see it. {@code seed}: the draw of the fair start, to audit or replay it. */
record QueueView(long waiting, long serving, long admitted, long admissionPerSecond, boolean paused, String seed) {
}
