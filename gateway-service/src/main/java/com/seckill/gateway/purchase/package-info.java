/**
 * The one-time purchase path at the gateway: a purchase is routed only on a path whose signature (this user, this
 * activity, not expired) checks out in memory; seckill-service consumes it, once, in the Lua call that takes the unit.
 */
package com.seckill.gateway.purchase;
