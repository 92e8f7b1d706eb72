/**
 * Refunds of paid orders: asked for by the order's owner within the refund window or by an operator, done by the
 * payment provider (its signed refund callback), then applied to the order by order-service.
 */
package com.seckill.payment.refund;
