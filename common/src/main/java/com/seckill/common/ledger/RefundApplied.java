package com.seckill.common.ledger;

/**
 * What became of a refund notice: REFUNDED (now), ALREADY_REFUNDED (an earlier notice), NOT_REFUNDABLE (the order
 * is not paid) or AMOUNT_MISMATCH (not the order's price).
 */
public record RefundApplied(long orderId, String outcome) {

    /** Whether the order is refunded, by this notice or an earlier one. */
    public boolean refunded() {
        return "REFUNDED".equals(outcome) || "ALREADY_REFUNDED".equals(outcome);
    }
}
