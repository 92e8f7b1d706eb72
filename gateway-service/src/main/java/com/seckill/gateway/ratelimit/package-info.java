/** Rate limits per client address, per user and per activity: Redis token buckets, one round trip per request. */
package com.seckill.gateway.ratelimit;
