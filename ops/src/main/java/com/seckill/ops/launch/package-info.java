/** What {@code ./seckill} does beyond bootstrapping Java and Maven: the local infrastructure, the service processes, their status. */
package com.seckill.ops.launch;
