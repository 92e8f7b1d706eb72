/** Redis key names, values and script answers shared by the services that touch the same keys. */
package com.seckill.common.redis;
