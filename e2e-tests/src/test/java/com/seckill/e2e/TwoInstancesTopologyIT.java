package com.seckill.e2e;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Two instances of each inner service, found by static discovery (./seckill up --instances 2). */
class TwoInstancesTopologyIT extends InstancesTopology {

    private static SeckillSystem system;

    @BeforeAll
    static void twoOfEach() throws Exception {
        Launcher.up(Map.of(), "--instances", "2");
        system = new SeckillSystem();
    }

    @AfterAll
    static void stop() throws Exception {
        if (system != null) {
            system.close();
        }
        Launcher.down(Map.of());
    }

    @Test
    void bothInstancesTakeTrafficAndOneOfEachKilledMidBurstLosesNothing() throws Exception {
        burstWithAKilledInstanceOfEach(system, "static discovery");
    }
}
