/** Wiring of Redis and RabbitMQ clients for this service. */
package com.seckill.seckill.infra;
