package com.seckill.ops.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstanceTest {

    @Test
    void aServiceIsNamedShortOrInFullAndAFurtherInstanceListensTenPortsHigherEach() {
        assertThat(Instance.named("seckill")).isEqualTo(new Instance("seckill-service", 1));
        assertThat(Instance.named("gateway-service").port()).isEqualTo(8080);
        assertThat(Instance.named("order-3")).satisfies(order -> {
            assertThat(order.name()).isEqualTo("order-service-3");
            assertThat(order.port()).isEqualTo(8102);
            assertThat(order.healthUrl()).isEqualTo("http://127.0.0.1:8102/actuator/health");
        });
        assertThat(Instance.named("payment-service-2").jar(Path.of("/repo")))
                .isEqualTo(Path.of("/repo/payment-service/target/payment-service.jar"));
    }

    @Test
    void aNameThatIsNoInstanceIsRefused() {
        for (String name : new String[] {"gateway-2", "inventory", "seckill-0", "", "order-service-x"}) {
            assertThatThrownBy(() -> Instance.named(name)).as(name).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("unknown service '" + name + "'");
        }
    }

    @Test
    void aSystemOfNInstancesRunsNOfEachScaledServiceAndOneGatewayStartedLast() {
        assertThat(Instance.forCount(2)).extracting(Instance::name).containsExactly("seckill-service", "seckill-service-2",
                "order-service", "order-service-2", "payment-service", "payment-service-2", "gateway-service");
        assertThat(Instance.forCount(1)).extracting(Instance::name)
                .containsExactly("seckill-service", "order-service", "payment-service", "gateway-service");
    }

    @Test
    void theKnownInstancesAreTheFourModulesAndEveryFurtherOneWithAPidFile(@TempDir Path run) throws Exception {
        for (String file : new String[] {"order-service-3.pid", "seckill-service-2.pid", "gateway-service-2.pid", "other-2.pid",
                "seckill-service.pid", "notes-2.txt"}) {
            Files.writeString(run.resolve(file), "1");
        }
        assertThat(Instance.known(run)).extracting(Instance::name).containsExactly("seckill-service", "seckill-service-2",
                "order-service", "order-service-3", "payment-service", "gateway-service");
        assertThat(Instance.known(run.resolve("missing"))).hasSize(4);
    }

    @Test
    void staticDiscoveryTellsEveryServiceWhereAllInstancesOfEachListen() {
        assertThat(Instance.staticDiscoveryJson(2)).isEqualTo("{\"spring.cloud.discovery.client.simple.instances\":{"
                + "\"seckill-service\":[{\"uri\":\"http://127.0.0.1:8081\"},{\"uri\":\"http://127.0.0.1:8091\"}],"
                + "\"order-service\":[{\"uri\":\"http://127.0.0.1:8082\"},{\"uri\":\"http://127.0.0.1:8092\"}],"
                + "\"payment-service\":[{\"uri\":\"http://127.0.0.1:8083\"},{\"uri\":\"http://127.0.0.1:8093\"}]}}");
    }
}
