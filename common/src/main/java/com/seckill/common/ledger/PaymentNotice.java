package com.seckill.common.ledger;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.math.BigDecimal;

/** The money a provider confirmed for an order: the order is paid only if it is exactly its price. */
public record PaymentNotice(@NotNull @Positive BigDecimal amount) {
}
