package com.seckill.loadtest.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a waiting-room run is read: admissions a second, what was bought, the queue calls, the sizing of the rate. */
class WaitingRoomReportTest {

    private static final long T0 = 1_700_000_000_000L;

    /** 300 shoppers join in the first second, poll every second for 10 s; 20 admitted a second from 0 to 5 s buy. */
    private static List<Jtl.Row> run() {
        List<Jtl.Row> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            rows.add(new Jtl.Row(T0 + i * 3L, 4, "join", "200", true, 300));
            for (int s = 1; s <= 10; s++) {
                rows.add(new Jtl.Row(T0 + s * 1000L + i * 3L, 3, "queue", "200", true, 300));
            }
        }
        for (int i = 0; i <= 100; i++) {
            long at = T0 + 1000 + i * 50L; // 20 a second over 5 s
            rows.add(new Jtl.Row(at, 8, "purchase path", i % 10 == 9 ? "503" : "200", true, 300));
            rows.add(new Jtl.Row(at + 5, 12, "purchase", i < 80 ? "202" : "410", true, 300));
        }
        rows.add(new Jtl.Row(T0 + 9000, 30000, "queue", "Non HTTP response code: java.net.SocketTimeoutException", false, 300));
        return rows;
    }

    @Test
    void admissionsPurchasesAndQueueCallsAreReadFromTheSamples() {
        WaitingRoomReport report = new WaitingRoomReport(run(), 300, 80, 20, Double.NaN);
        // the 91 paths given (every tenth was BUSY) from the first to the last, 5 s apart
        assertThat(report.admittedPerSecond()).isBetween(17.9, 18.1);
        assertThat(report.bought()).isEqualTo(80);
        assertThat(report.peakQueueCallsPerSecond()).isGreaterThanOrEqualTo(300);
        assertThat(report.busy("purchase path")).isBetween(0.09, 0.10);
        assertThat(report.errorRate()).isGreaterThan(0);
        assertThat(report.markdown()).contains("| join | 300 |").contains("| queue | 3,001 |").contains("bought 80 of 80 units")
                .contains("Run the stepping plan (./seckill capacity) first");
    }

    @Test
    void theRateIsSizedAtThreeQuartersOfWhatTheSteppingRunCarried() {
        WaitingRoomReport within = new WaitingRoomReport(run(), 300, 80, 20, 40);
        assertThat(within.advisedRate()).isEqualTo(30);
        assertThat(within.sizing()).contains("carried 40 purchases a second").contains("30 a second").contains("within it");
        WaitingRoomReport over = new WaitingRoomReport(run(), 300, 80, 20, 20);
        assertThat(over.advisedRate()).isEqualTo(15);
        assertThat(over.sizing()).contains("over it");
    }

    @Test
    void whatASteppingRunCarriedIsTheLowerOfItsBestAcceptedAndWrittenRates(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("capacity.csv");
        assertThat(WaitingRoomCapacity.carried(csv)).isNaN();
        Files.writeString(csv, "shoppers,seconds,purchases_per_s,attempts_per_s,accepted_per_s,redis_commands_per_s,orders_written_per_s\n"
                + "40,10,100.0,110.0,98.0,800.0,90.0\n80,10,200.0,220.0,190.0,1600.0,150.0\n120,10,210.0,230.0,195.0,1700.0,140.0\n");
        assertThat(WaitingRoomCapacity.carried(csv)).isEqualTo(150.0);
        Files.writeString(csv, "shoppers,seconds,purchases_per_s,attempts_per_s,accepted_per_s,redis_commands_per_s,orders_written_per_s\n"
                + "40,10,100.0,110.0,,800.0,\n");
        assertThat(WaitingRoomCapacity.carried(csv)).isEqualTo(100.0);
    }
}
