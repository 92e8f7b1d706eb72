/** seckill-service: activities and their warm-up, one-time paths, the Redis pre-deduction and the outbox relay. */
package com.seckill.seckill;
