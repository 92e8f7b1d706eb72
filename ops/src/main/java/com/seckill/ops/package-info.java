/** The operators' tools the launcher runs, in Java rather than bash: they talk to MySQL, Redis, RabbitMQ and HTTP. */
package com.seckill.ops;
