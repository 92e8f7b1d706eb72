/** The one-time purchase path: a purchase is routed only after its path was consumed atomically in Redis. */
package com.seckill.gateway.purchase;
