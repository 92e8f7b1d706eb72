package com.seckill.e2e;

import java.time.Duration;
import java.util.Map;
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

    private static Partition redis;
    private static Partition rabbit;
    private static Partition mariadb;
    private static SeckillSystem system;

    @BeforeAll
    static void behindNamespaces() throws Exception {
        redis = Partition.open("redis", 1, port("SECKILL_REDIS_PORT", 6379));
        rabbit = Partition.open("rabbit", 2, port("SECKILL_RABBIT_PORT", 5672));
        mariadb = Partition.open("maria", 3, port("SECKILL_DB_PORT", 3306));
        Launcher.down(Map.of());
        Launcher.up(Map.of("SECKILL_REDIS_HOST", redis.address(), "SECKILL_RABBIT_HOST", rabbit.address(),
                "SECKILL_DB_HOST", mariadb.address()));
        system = new SeckillSystem(); // the test itself reads the servers directly, as they are
    }

    @AfterAll
    static void restore() throws Exception {
        try {
            if (system != null) {
                system.close();
            }
            Launcher.down(Map.of());
        } finally {
            for (Partition partition : new Partition[] {redis, rabbit, mariadb}) {
                if (partition != null) {
                    partition.close();
                }
            }
            Faults.restartMissingServices(); // the suite's system, as the next class expects it
        }
    }

    private static int port(String env, int fallback) {
        return Integer.parseInt(System.getenv().getOrDefault(env, String.valueOf(fallback)));
    }

    @Test
    @Order(1)
    void redisCutOffMidBurstLosesDoublesAndMisleadsNobody() throws Exception {
        MidBurst.strike(system, "Redis partitioned 6 s (packets dropped)", 200, 2_000, () -> redis.cutFor(Duration.ofSeconds(6)));
    }

    @Test
    @Order(2)
    void rabbitCutOffMidBurstLosesDoublesAndMisleadsNobody() throws Exception {
        MidBurst.strike(system, "RabbitMQ partitioned 8 s (packets dropped)", 200, 2_000,
                () -> rabbit.cutFor(Duration.ofSeconds(8)));
    }

    @Test
    @Order(3)
    void mariaDbCutOffWhileOrdersAreWrittenLosesDoublesAndMisleadsNobody() throws Exception {
        MidBurst.strike(system, "MariaDB partitioned 8 s (packets dropped)", 200, 2_000,
                () -> mariadb.cutFor(Duration.ofSeconds(8)));
    }
}
