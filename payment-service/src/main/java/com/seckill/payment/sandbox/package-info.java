/** The sandbox payment provider: signs and sends real payment and refund callbacks (local and tests only). */
package com.seckill.payment.sandbox;
