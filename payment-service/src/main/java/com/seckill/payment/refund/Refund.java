package com.seckill.payment.refund;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A refund row: one per payment ({@code uk_refund_trade}). {@code requestedBy} is the shopper or operator who
 * asked, null for a payment refunded because its order had ended first; {@code orderNotified} is whether
 * order-service has applied it.
 */
public record Refund(long id, String refundNo, String tradeNo, long orderId, BigDecimal amount, String reason,
                     RefundStatus status, Long requestedBy, boolean byAdmin, boolean orderNotified, Instant createTime,
                     Instant refundedTime) {
}
