/** The order consumer: one MySQL transaction per queued purchase, idempotent by request id. */
package com.seckill.order.consume;
