/** Messages that travel between services over RabbitMQ, and where they travel. */
package com.seckill.common.message;
