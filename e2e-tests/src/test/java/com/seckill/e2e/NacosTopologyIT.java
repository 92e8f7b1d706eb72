package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Two instances of each inner service found through a real Nacos 3.0.3 server
 * (SECKILL_DISCOVERY=nacos ./seckill up --instances 2): every instance registers as 127.0.0.1, the
 * gateway routes through what Nacos says, and a killed instance drops out.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NacosTopologyIT extends InstancesTopology {

    private static final Map<String, String> ENV = Map.of("SECKILL_DISCOVERY", "nacos", "SECKILL_NACOS_ADDR", NacosServer.ADDRESS);
    private static final ObjectMapper json = new ObjectMapper();
    private static NacosServer nacos;
    private static SeckillSystem system;

    @BeforeAll
    static void nacosAndTwoOfEach() throws Exception {
        nacos = new NacosServer();
        Launcher.up(ENV, "--instances", "2");
        system = new SeckillSystem();
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (system != null) {
                system.close();
            }
            Launcher.down(ENV);
        } finally {
            if (nacos != null) {
                nacos.close();
            }
        }
    }

    /** ip:port of the healthy instances Nacos lists for a service. */
    private static List<String> registered(String service) throws Exception {
        JsonNode answer = json.readTree(nacos.instances(service));
        List<String> instances = new ArrayList<>();
        for (JsonNode instance : answer.path("data")) {
            if (instance.path("healthy").asBoolean(true)) {
                instances.add(instance.path("ip").asText() + ":" + instance.path("port").asInt());
            }
        }
        return instances;
    }

    @Test
    @Order(1)
    void everyInstanceIsRegisteredAs127001() throws Exception {
        assertThat(registered("seckill-service")).containsExactlyInAnyOrder("127.0.0.1:8081", "127.0.0.1:8091");
        assertThat(registered("order-service")).containsExactlyInAnyOrder("127.0.0.1:8082", "127.0.0.1:8092");
        assertThat(registered("payment-service")).containsExactlyInAnyOrder("127.0.0.1:8083", "127.0.0.1:8093");
        assertThat(registered("gateway-service")).containsExactly("127.0.0.1:8080");
    }

    @Test
    @Order(2)
    void bothInstancesTakeTrafficAndOneOfEachKilledMidBurstLosesNothingAndDropsOutOfNacos() throws Exception {
        burstWithAKilledInstanceOfEach(system, "Nacos");
        long since = System.nanoTime();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500))
                .until(() -> registered("seckill-service").equals(List.of("127.0.0.1:8081"))
                        && registered("order-service").equals(List.of("127.0.0.1:8082")));
        System.out.printf("TOPOLOGY Nacos: the killed instances were gone from Nacos %.1fs after the burst%n",
                (System.nanoTime() - since) / 1e9);
    }
}
