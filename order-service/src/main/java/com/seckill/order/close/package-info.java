/** Closing unpaid orders: the delay-queue timer, its consumer, and the sweeper for lost timers. */
package com.seckill.order.close;
