/** The purchase: sale checks, the Lua pre-deduction with its outbox write, and result polling. */
package com.seckill.seckill.purchase;
