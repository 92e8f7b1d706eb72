package com.seckill.e2e;

import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Partitions (issue 25): the services reach Redis, RabbitMQ and MariaDB through network namespaces of the test's
 * own ({@link Partition}), and the link to one of them is cut mid-burst and healed a few seconds later. Nothing is
 * refused or reset: packets are dropped, so calls time out with their outcome unknown (a purchase script that ran
 * and whose answer never came back, a publish whose confirm is lost, a commit whose reply is lost). After each, on
 * top of invariants 1-3, what every shopper was told is true ({@link SaleChecks#toldWrong}): a purchase answered
 * 503 with {@code "outcome":"UNKNOWN"} is either an order the shopper sees or a unit never taken.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PartitionChaosIT {

    private static Partition.Servers servers;
    private static SeckillSystem system;

    @BeforeAll
    static void behindNamespaces() throws Exception {
        servers = Partition.Servers.withSystemBehind();
        system = new SeckillSystem(); // the test itself reads the servers directly, as they are
    }

    /** The suite's system again, reaching the servers directly, as the next class expects it. */
    @AfterAll
    static void restore() throws Exception {
        Partition.Servers.restoreSuite(servers, system);
    }

    @Test
    @Order(1)
    void redisCutOffMidBurstLosesDoublesAndMisleadsNobody() throws Exception {
        MidBurst.strike(system, "Redis partitioned 6 s (packets dropped)", 200, 2_000, () -> servers.of("redis").cutFor(Duration.ofSeconds(6)));
    }

    @Test
    @Order(2)
    void rabbitCutOffMidBurstLosesDoublesAndMisleadsNobody() throws Exception {
        MidBurst.strike(system, "RabbitMQ partitioned 8 s (packets dropped)", 200, 2_000,
                () -> servers.of("rabbitmq").cutFor(Duration.ofSeconds(8)));
    }

    @Test
    @Order(3)
    void mariaDbCutOffWhileOrdersAreWrittenLosesDoublesAndMisleadsNobody() throws Exception {
        MidBurst.strike(system, "MariaDB partitioned 8 s (packets dropped)", 200, 2_000,
                () -> servers.of("mariadb").cutFor(Duration.ofSeconds(8)));
    }
}
