package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code ./seckill capacity} run the way a load tester runs it before a sale (docs/capacity.md):
 * the stepping JMeter plan against the running system, read beside the system's own figures, gives
 * a row per step, the knee or its absence, and the capacity sentence.
 */
class CapacityIT {

    private static final Path OUTPUT = Launcher.ROOT.resolve("target/capacity");

    @Test
    void aSteppingRunGivesARowPerStepWithTheSystemsFiguresAndTheCapacitySentence() throws Exception {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(Map.of("CAPACITY_PEAK", "10", "CAPACITY_STEPS", "2", "CAPACITY_HOLD", "5", "CAPACITY_WARMUP", "4",
                "CAPACITY_SHOPPERS", "1000", "CAPACITY_STOCK", "50"));

        String output = Launcher.run(Duration.ofMinutes(10), env, Launcher.ROOT.resolve("seckill").toString(), "capacity");

        List<String> csv = Files.readAllLines(OUTPUT.resolve("capacity.csv"));
        List<String> header = Arrays.asList(csv.get(0).split(","));
        assertThat(csv).as(output).hasSize(3);
        for (String line : csv.subList(1, 3)) {
            String[] row = line.split(",", -1);
            assertThat(Double.parseDouble(row[header.indexOf("purchases_per_s")])).as(line).isPositive();
            assertThat(Double.parseDouble(row[header.indexOf("accepted_per_s")])).as("seckill-service counted them: %s", line)
                    .isPositive();
            assertThat(Double.parseDouble(row[header.indexOf("orders_written_per_s")])).as("orders reached MySQL: %s", line)
                    .isPositive();
            assertThat(Double.parseDouble(row[header.indexOf("redis_commands_per_s")])).as(line).isPositive();
            assertThat(Double.parseDouble(row[header.indexOf("error_rate")])).as("no real error: %s", line).isZero();
            assertThat(header).anyMatch(column -> column.equals("cpu_pct_gateway-service"));
        }
        assertThat(csv.get(1)).startsWith("5,");
        assertThat(csv.get(2)).startsWith("10,");
        assertThat(Files.readString(OUTPUT.resolve("capacity.md"))).contains("| shoppers |")
                .containsAnyOf("Knee at", "No knee up to 10 shoppers")
                .contains("For this deployment:").contains("A sale of 1000 shoppers").contains("its 50 units");
        assertThat(output).contains("Warm-up: 4 s at 5 shoppers, not measured").contains("For this deployment:");
    }

    @Test
    void theWaitingRoomPlanBuysTheStockThroughTheQueueAndSizesTheAdmissionRate() throws Exception {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(Map.of("CAPACITY_QUEUE_SHOPPERS", "60", "CAPACITY_QUEUE_STOCK", "20", "CAPACITY_QUEUE_RATE", "20",
                "CAPACITY_QUEUE_START_IN", "8", "CAPACITY_QUEUE_RAMPUP", "2"));

        String output = Launcher.run(Duration.ofMinutes(10), env, Launcher.ROOT.resolve("seckill").toString(), "capacity", "waiting-room");

        String md = Files.readString(OUTPUT.resolve("waiting-room.md"));
        assertThat(md).as(output).contains("60 shoppers for 20 units, admitted at 20 a second")
                .contains("| join | 60 |").contains("| queue |").contains("| purchase path |").contains("| purchase |")
                .contains("bought 20 of 20 units").contains("errors 0.00%")
                .containsAnyOf("set admissionPerSecond to at most", "Run the stepping plan (./seckill capacity) first");
        assertThat(output).contains("Written: ").contains("waiting-room.md");
    }
}
