package com.seckill.ops.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the services are told to find each other before any starts. */
class StartupTest {

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Map<String, String> discovery(Map<String, String> env, int count) {
        LaunchSettings settings = new LaunchSettings(env);
        Console console = new Console(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true), false);
        return new Startup(settings, console, new ServiceProcesses(settings, console)).discovery(count);
    }

    @Test
    void staticDiscoveryOfOneInstanceNeedsNothingAndOfSeveralListsThemAll() {
        assertThat(discovery(Map.of(), 1)).containsExactly(Map.entry("SECKILL_DISCOVERY", "static"));
        assertThat(discovery(Map.of(), 3)).containsEntry("SECKILL_DISCOVERY", "static")
                .containsEntry("SPRING_APPLICATION_JSON", Instance.staticDiscoveryJson(3));
    }

    @Test
    void nacosThatDoesNotAnswerStopsTheStartWithWhereToStartIt() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort(); // free once closed: nothing answers there
        }
        assertThat(discovery(Map.of("SECKILL_DISCOVERY", "nacos", "SECKILL_NACOS_ADDR", "127.0.0.1:" + closed), 2)).isNull();
        assertThat(err.toString()).contains("Nacos does not answer at 127.0.0.1:" + closed + " (SECKILL_NACOS_ADDR): start it first");
    }

    @Test
    void anUnknownDiscoveryIsNamed() {
        assertThat(discovery(Map.of("SECKILL_DISCOVERY", "consul"), 1)).isNull();
        assertThat(err.toString()).contains("SECKILL_DISCOVERY is static or nacos (got 'consul')");
    }

    private static final String INFO = """
            {"profiles":["local"],"sales":[{"activityId":7,"sellable":true},{"activityId":1,"sellable":%s,"redisStock":null}]}""";

    @Test
    void theDemoActivityIsSellableOnlyWhenSeckillServiceSaysSoForIt() {
        assertThat(Startup.sellable(INFO.formatted("true"), 1)).isTrue();
        assertThat(Startup.sellable(INFO.formatted("false"), 1)).as("listed, its figures not rebuilt yet").isFalse();
        assertThat(Startup.sellable(INFO.formatted("true"), 2)).as("not listed: not within its warm-up window yet").isFalse();
    }

    @Test
    void anInfoWithoutSalesOrNotJsonIsNotSellable() {
        assertThat(Startup.sellable("{\"profiles\":[\"local\"]}", 1)).isFalse();
        assertThat(Startup.sellable("{\"salesError\":\"Redis is down\"}", 1)).isFalse();
        assertThat(Startup.sellable("<html>", 1)).isFalse();
    }
}
