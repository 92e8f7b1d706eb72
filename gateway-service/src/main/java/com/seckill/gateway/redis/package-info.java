/** The gateway's own Redis keys: its rate limits and its copy of the blacklist. */
package com.seckill.gateway.redis;
