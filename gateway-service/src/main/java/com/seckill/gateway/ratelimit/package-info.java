/**
 * Rate limits per client address, per user and per activity: token buckets decided in memory on every request,
 * what each instance handed out shared with the others through Redis every few tens of milliseconds (no Redis
 * call on a request's way).
 */
package com.seckill.gateway.ratelimit;
