package com.seckill.gateway.overload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A request's tier is the service its route leads to: a refund, under /api/orders, is payment-service's. */
class TierTest {

    @Test
    void aRefundIsLimitedWithPaymentsAndTheRestOfOrdersWithOrders() {
        assertThat(Tier.of(true, "/api/orders/42/refund")).isEqualTo(Tier.PAYMENT);
        assertThat(Tier.of(true, "/api/payments")).isEqualTo(Tier.PAYMENT);
        assertThat(Tier.of(false, "/api/admin/payments/audit")).isEqualTo(Tier.PAYMENT);
        assertThat(Tier.of(true, "/api/orders/42/cancel")).isEqualTo(Tier.ORDER);
        assertThat(Tier.of(false, "/api/orders/42")).isEqualTo(Tier.ORDER);
        assertThat(Tier.of(false, "/api/admin/orders/42")).isEqualTo(Tier.ORDER);
        assertThat(Tier.of(false, "/api/ordersx/42/refund")).isNull();
    }

    @Test
    void purchasesPathsAndTheWaitingRoomKeepTheirTiers() {
        assertThat(Tier.of(true, "/api/seckill/7/abc")).isEqualTo(Tier.PURCHASE);
        assertThat(Tier.of(true, "/api/seckill/7/token")).isEqualTo(Tier.SECKILL);
        assertThat(Tier.of(false, "/api/seckill/7/queue")).isEqualTo(Tier.QUEUE);
        assertThat(Tier.of(true, "/api/admin/activities/7/stock")).isEqualTo(Tier.ADMIN);
        assertThat(Tier.of(false, "/api/seckill/result/r/events")).isNull();
    }
}
