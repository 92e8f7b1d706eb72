/** The sandbox payment provider: signs and sends a real callback on request (local and tests only). */
package com.seckill.payment.sandbox;
