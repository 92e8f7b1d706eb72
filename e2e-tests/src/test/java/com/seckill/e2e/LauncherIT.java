package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The launcher's reports on the system {@code ./seckill test} started: {@code status} and {@code logs} as an
 * operator reads them, and a name that is no service refused without stopping anything.
 */
class LauncherIT {

    private static final Duration LIMIT = Duration.ofMinutes(2);
    private static final List<String> SERVICES = List.of("seckill-service", "order-service", "payment-service", "gateway-service");
    private static final Map<String, String> UNDER_THE_TEST_LOCK = Map.of("SECKILL_LOCK_HELD", "1");

    private static Launcher.Outcome seckill(String... args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = Launcher.ROOT.resolve("seckill").toString();
        System.arraycopy(args, 0, command, 1, args.length);
        return Launcher.exec(LIMIT, UNDER_THE_TEST_LOCK, command);
    }

    private static String pid(String service) throws Exception {
        return Files.readString(Launcher.ROOT.resolve(".run").resolve(service + ".pid")).strip();
    }

    @Test
    void statusShowsEveryServiceRunningHealthyWithItsPidAndTheInfrastructureReachable() throws Exception {
        Launcher.Outcome status = seckill("status");

        assertThat(status.exit()).as(status.output()).isZero();
        List<String> lines = status.output().lines().toList();
        for (String service : SERVICES) {
            assertThat(lines).as(status.output())
                    .anySatisfy(line -> assertThat(line.split("\\s+")).startsWith(service, "running", pid(service), "UP"));
        }
        for (String server : List.of("MariaDB", "Redis", "RabbitMQ")) {
            assertThat(lines).as(status.output()).anySatisfy(line -> assertThat(line).startsWith(server).endsWith(" reachable"));
        }
    }

    @Test
    void logsShowTheEndOfEachServicesLog() throws Exception {
        Launcher.Outcome logs = seckill("logs");

        assertThat(logs.exit()).as(logs.output()).isZero();
        List<String> lines = logs.output().lines().toList();
        for (String service : SERVICES) {
            int header = lines.indexOf("===== " + service + " (.run/logs/" + service + ".log) =====");
            assertThat(header).as(logs.output()).isNotNegative();
            // what follows the header is the log's end: lines of it, not the placeholder of a missing log
            assertThat(lines.get(header + 1)).as(service).isNotBlank().isNotEqualTo("(no log yet)").doesNotStartWith("=====");
        }
    }

    @Test
    void aNameThatIsNoServiceIsRefusedAndNothingIsStopped() throws Exception {
        Map<String, String> before = Map.of("gateway-service", pid("gateway-service"), "seckill-service", pid("seckill-service"));

        Launcher.Outcome down = seckill("down", "seckill", "gateway-2");
        Launcher.Outcome logs = seckill("logs", "inventory");

        assertThat(down.exit()).as(down.output()).isNotZero();
        assertThat(down.output()).contains("unknown service 'gateway-2'").doesNotContain("Exception").doesNotContain("stopped");
        assertThat(logs.exit()).as(logs.output()).isNotZero();
        assertThat(logs.output()).contains("unknown service 'inventory'");
        for (Map.Entry<String, String> service : before.entrySet()) {
            assertThat(pid(service.getKey())).isEqualTo(service.getValue());
            assertThat(ProcessHandle.of(Long.parseLong(service.getValue()))).hasValueSatisfying(p -> assertThat(p.isAlive()).isTrue());
        }
    }
}
