/** When a service's warm-up before readiness has done enough: shared by the gateway and the inner services. */
package com.seckill.common.warmup;
