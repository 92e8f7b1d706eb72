package com.seckill.payment.refund;

/**
 * The payment provider's refund API: asked to give a payment's money back, it answers later with a signed refund
 * callback ({@code POST /api/payments/callback}, status REFUNDED). Asking again for the same refund number is
 * harmless (the provider refunds a refund number once; its callback is applied once).
 */
public interface RefundProvider {

    void refund(Refund refund);
}
