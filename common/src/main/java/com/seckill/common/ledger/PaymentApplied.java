package com.seckill.common.ledger;

/**
 * What became of a payment notice: PAID (now), ALREADY_PAID (an earlier notice), NOT_PAYABLE (closed
 * or cancelled first) or AMOUNT_MISMATCH (not the order's price). The last two are refunded.
 */
public record PaymentApplied(long orderId, String outcome) {

    public boolean paid() {
        return "PAID".equals(outcome) || "ALREADY_PAID".equals(outcome);
    }
}
