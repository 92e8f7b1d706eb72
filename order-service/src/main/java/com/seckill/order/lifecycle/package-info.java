/** Order state changes after creation (pay, cancel, close) and the return of ended orders' units. */
package com.seckill.order.lifecycle;
