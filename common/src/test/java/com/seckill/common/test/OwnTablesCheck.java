package com.seckill.common.test;

import java.nio.file.Path;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of each service's {@code OwnTablesIT}: the service's DataSource and Flyway alone, as its application.yml sets
 * them, started on a schema of its own that a neighbour's table already shares ({@link OwnTables}). The service is
 * the module the test runs in.
 */
@SpringBootTest(classes = OwnTablesCheck.DatabaseOnly.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
public abstract class OwnTablesCheck {

    protected static final String SERVICE = Path.of("").toAbsolutePath().getFileName().toString();

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({DataSourceAutoConfiguration.class, FlywayAutoConfiguration.class})
    static class DatabaseOnly {
    }

    @Autowired
    protected DataSource dataSource;

    @DynamicPropertySource
    static void sharedSchema(DynamicPropertyRegistry registry) {
        TestInfra.register(registry);
        registry.add("spring.datasource.url", () -> OwnTables.sharedSchema(SERVICE));
    }

    @AfterAll
    static void dropTheSchema() throws Exception {
        OwnTables.drop(SERVICE);
    }
}
