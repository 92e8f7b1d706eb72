/** Wiring of RabbitMQ queues, listener containers and the Redis client. */
package com.seckill.order.infra;
