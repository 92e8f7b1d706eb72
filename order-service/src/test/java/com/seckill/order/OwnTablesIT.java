package com.seckill.order;

import com.seckill.common.test.OwnTables;
import com.seckill.common.test.TestInfra;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * order-service makes its own tables as it starts (Flyway, sql/order-service/, DESIGN.md §6), with this service's
 * settings (application.yml), in a schema that another service's table already shares.
 */
@SpringBootTest(classes = OwnTablesIT.DatabaseOnly.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
class OwnTablesIT {

    private static final String SERVICE = "order-service";

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({DataSourceAutoConfiguration.class, FlywayAutoConfiguration.class})
    static class DatabaseOnly {
    }

    @DynamicPropertySource
    static void sharedSchema(DynamicPropertyRegistry registry) {
        TestInfra.register(registry);
        registry.add("spring.datasource.url", () -> OwnTables.sharedSchema(SERVICE));
    }

    @Autowired
    DataSource dataSource;

    @AfterAll
    static void dropTheSchema() throws Exception {
        OwnTables.drop(SERVICE);
    }

    @Test
    void startingOnASchemaSharedWithAnotherServiceMakesThisServicesTablesAndGuards() throws Exception {
        OwnTables.assertMade(SERVICE, dataSource, "seckill_order.uk_order_user_activity", "seckill_order.uk_order_request", "seckill_order.uk_order_no", "mq_consume_log.uk_consume_message");
    }
}
