package com.seckill.gateway;

import com.seckill.common.test.OwnTables;
import com.seckill.common.test.OwnTablesCheck;
import org.junit.jupiter.api.Test;

/** gateway-service makes its own tables as it starts (Flyway, sql/gateway-service/, contract §6), in a schema it shares. */
class OwnTablesIT extends OwnTablesCheck {

    @Test
    void startingOnASchemaSharedWithAnotherServiceMakesThisServicesTablesAndGuards() throws Exception {
        OwnTables.assertMade(SERVICE, dataSource);
    }
}
