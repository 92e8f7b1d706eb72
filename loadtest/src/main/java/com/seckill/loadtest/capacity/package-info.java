/** Capacity planning: a stepping JMeter load read beside the system's own figures (docs/capacity.md). */
package com.seckill.loadtest.capacity;
