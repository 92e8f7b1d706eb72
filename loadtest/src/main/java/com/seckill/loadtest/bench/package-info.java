/** ./seckill bench: this machine's ratios (docs/PERFORMANCE.md), from the services it starts to the report it writes. */
package com.seckill.loadtest.bench;
