/**
 * The gateway warms its hot paths before it says it is ready: requests it sends itself through its public
 * port, the connection, filters, token, limiter and routing a shopper's request takes.
 */
package com.seckill.gateway.warmup;
