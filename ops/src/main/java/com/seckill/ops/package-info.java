/** The operators' tool the launcher runs, in Java rather than bash: it talks to MySQL, Redis, RabbitMQ and HTTP. */
package com.seckill.ops;
