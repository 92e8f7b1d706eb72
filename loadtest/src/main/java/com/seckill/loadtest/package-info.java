/** The load testers' tool the launcher runs, in Java: it drives crowds over HTTP and reads MySQL, Redis and RabbitMQ beside them. */
package com.seckill.loadtest;
