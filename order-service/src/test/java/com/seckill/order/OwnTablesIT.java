package com.seckill.order;

import com.seckill.common.test.OwnTables;
import com.seckill.common.test.OwnTablesCheck;
import org.junit.jupiter.api.Test;

/** order-service makes its own tables as it starts (Flyway, sql/order-service/, contract §6), in a schema it shares. */
class OwnTablesIT extends OwnTablesCheck {

    @Test
    void startingOnASchemaSharedWithAnotherServiceMakesThisServicesTablesAndGuards() throws Exception {
        OwnTables.assertMade(SERVICE, dataSource, "seckill_order.uk_order_user_activity", "seckill_order.uk_order_request", "seckill_order.uk_order_no", "mq_consume_log.uk_consume_message");
    }
}
