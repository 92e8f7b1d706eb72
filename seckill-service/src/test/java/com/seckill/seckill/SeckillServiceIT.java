package com.seckill.seckill;

import com.seckill.common.test.TestInfra;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the integration tests: the whole service against the real MariaDB (database
 * seckill_it), Redis (db 1) and RabbitMQ (vhost seckill_it). One Spring context for all.
 */
@SpringBootTest
@AutoConfigureMockMvc
public abstract class SeckillServiceIT {

    /** order-service, as far as this service asks it anything. */
    protected static final OrderServiceStandIn orderService = new OrderServiceStandIn();

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        TestInfra.register(registry);
        orderService.start();
        registry.add("spring.cloud.discovery.client.simple.instances.order-service[0].uri", orderService::uri);
    }

    /** Ids no earlier run or other test used: runs never depend on each other. */
    protected static long uniqueId() {
        return ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
    }
}
