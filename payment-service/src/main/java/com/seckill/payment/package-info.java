/** payment-service: payments for pending orders and the provider's signed callbacks. */
package com.seckill.payment;
