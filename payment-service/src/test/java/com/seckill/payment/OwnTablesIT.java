package com.seckill.payment;

import com.seckill.common.test.OwnTables;
import com.seckill.common.test.OwnTablesCheck;
import org.junit.jupiter.api.Test;

/** payment-service makes its own tables as it starts (Flyway, sql/payment-service/, contract §6), in a schema it shares. */
class OwnTablesIT extends OwnTablesCheck {

    @Test
    void startingOnASchemaSharedWithAnotherServiceMakesThisServicesTablesAndGuards() throws Exception {
        OwnTables.assertMade(SERVICE, dataSource, "payment.uk_payment_order", "payment.uk_payment_trade", "refund.uk_refund_trade");
    }
}
