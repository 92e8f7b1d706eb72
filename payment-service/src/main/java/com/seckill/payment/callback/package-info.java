/** Signed provider callbacks: verified, then applied once per trade number. */
package com.seckill.payment.callback;
