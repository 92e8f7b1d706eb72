/** Payments: one per pending order, for the amount of its price snapshot. */
package com.seckill.payment.payment;
