/** What the services tell the operators' tools: the facts {@code ./seckill doctor} reads from {@code /actuator/info}. */
package com.seckill.common.ops;
