/** Settlement: paid payments reach their orders, or are refunded when the order ended first. */
package com.seckill.payment.settle;
