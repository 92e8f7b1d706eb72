package com.seckill.ops.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ops launch as ./seckill calls it: what it refuses before it touches anything, and its answers about a checkout. */
class LaunchTest {

    @TempDir
    Path root;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;

    @BeforeEach
    void capture() {
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true));
        System.setErr(new PrintStream(err, true));
    }

    @AfterEach
    void restore() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    private int launch(String... args) {
        return Launch.run(Map.of("SECKILL_ROOT", root.toString()), List.of(args));
    }

    @Test
    void anUnknownCommandIsAnsweredWithTheUsage() {
        assertThat(launch("start")).isEqualTo(2);
        assertThat(err.toString()).contains("usage: ops launch infra [--test-vhost] | prepare N | up N | stop [instance..]");
    }

    @Test
    void aNumberOfInstancesOutsideOneTo99IsRefusedBeforeAnythingStarts() {
        for (String count : new String[] {"0", "100", "two", "-1"}) {
            err.reset();
            assertThat(launch("up", count)).as(count).isEqualTo(2);
            assertThat(err.toString()).contains("the number of instances is a number from 1 to 99 (got '" + count + "')");
        }
        assertThat(root.resolve(".run")).doesNotExist();
    }

    @Test
    void aSettingThatIsNoNumberIsNamedBeforeAnythingStarts() {
        int exit = Launch.run(Map.of("SECKILL_ROOT", root.toString(), "SECKILL_UP_TIMEOUT", "3m"), List.of("up", "1"));
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("SECKILL_UP_TIMEOUT must be a whole number of seconds (got '3m')");
    }

    @Test
    void stoppingAnInstanceThatIsNoneOfOursIsRefused() {
        assertThat(launch("stop", "inventory")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown service 'inventory'");
    }

    @Test
    void aCheckoutWithNothingStartedRunsNothingAndHasNoLogsYet() throws Exception {
        assertThat(launch("running")).isZero();
        assertThat(out.toString()).isEmpty();

        assertThat(launch("log", "order-2")).isEqualTo(1);
        assertThat(err.toString()).contains("no log yet for order-service-2");

        Files.createDirectories(root.resolve(".run/logs"));
        Files.writeString(root.resolve(".run/logs/order-service-2.log"), "started\n");
        assertThat(launch("log", "order-2")).isZero();
        assertThat(out.toString().strip()).isEqualTo(root.resolve(".run/logs/order-service-2.log").toString());
    }

    @Test
    void stoppingWhatDoesNotRunRemovesItsStalePidFiles() throws Exception {
        Files.createDirectories(root.resolve(".run"));
        Files.writeString(root.resolve(".run/payment-service-2.pid"), "999999999");
        assertThat(launch("stop")).isZero();
        assertThat(root.resolve(".run/payment-service-2.pid")).doesNotExist();
        assertThat(out.toString()).containsPattern("payment-service-2 +not running").containsPattern("gateway-service +not running");
    }

    @Test
    void elapsedTimeReadsAsMinutesAndSeconds() {
        assertThat(Launch.elapsed(Duration.ofSeconds(125))).isEqualTo("2m05s");
        assertThat(Launch.elapsed(Duration.ofMillis(999))).isEqualTo("0m00s");
    }
}
