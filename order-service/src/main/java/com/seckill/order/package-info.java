/** order-service: turns queued purchases into MySQL orders and serves them to their owners. */
package com.seckill.order;
