/** The internal entry through which payment-service marks an order paid. */
package com.seckill.order.pay;
