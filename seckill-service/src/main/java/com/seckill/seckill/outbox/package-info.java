/** The outbox relay: order messages leave Redis only after RabbitMQ confirms them. */
package com.seckill.seckill.outbox;
