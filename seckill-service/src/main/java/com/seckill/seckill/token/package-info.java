/** One-time purchase paths: issued here, consumed by the gateway before a purchase is routed. */
package com.seckill.seckill.token;
