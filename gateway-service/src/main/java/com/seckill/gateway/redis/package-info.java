/** How the gateway talks to Redis: fail fast while it is gone. */
package com.seckill.gateway.redis;
