package com.seckill.loadtest.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the bench makes of its measurements: percentiles, the report's ratios, and where the report goes. */
class BenchFiguresTest {

    @TempDir
    Path dir;

    @Test
    void aPhaseMergesItsThreadsAndReadsPercentilesByNearestRank() {
        Recorder one = new Recorder(null);
        Recorder two = new Recorder(null);
        for (int ms = 1; ms <= 50; ms++) {
            one.record(0, ms * 1_000_000L);
            two.record(0, (50 + ms) * 1_000_000L);
        }
        one.codes.put("200", 50);
        two.codes.put("200", 49);
        two.codes.put("503", 1);
        one.requests = 50;
        two.requests = 50;

        Phase phase = Phase.of("floor", 2.0, one, two);

        assertThat(phase.requests).isEqualTo(100);
        assertThat(phase.rps()).isEqualTo(50.0);
        assertThat(phase.codes).containsEntry("200", 99).containsEntry("503", 1);
        assertThat(phase.percentile(0, 50)).isEqualTo(50_000_000L);
        assertThat(phase.percentile(0, 99)).isEqualTo(99_000_000L);
        assertThat(phase.percentile(1, 99)).as("a kind with no sample").isZero();
    }

    @Test
    void theReportComparesEachRatioWithItsTargetAndReplacesOnlyItsOwnBlock() throws Exception {
        Properties results = new Properties();
        results.putAll(Map.of("floor.rps", "1000", "purchase.rps", "600", "soldout.rps", "950", "drain.per.s", "800",
                "drain.all.per.s", "700", "raw.per.s", "1000", "floor.p99.ms", "10", "purchase.step.p99.ms", "40",
                "purchase.settled.after.burst.s", "1.5"));
        Properties rss = new Properties();
        rss.setProperty("total.max.kib", String.valueOf(1_200 * 1024));
        Path doc = dir.resolve("PERFORMANCE.md");
        Files.writeString(doc, "# Performance\n\nMethod, kept.\n\n" + BenchReport.BEGIN + "\nold figures\n" + BenchReport.END
                + "\n\nReading the figures, kept.\n");

        new BenchReport(results, new Properties(), rss).write(doc);

        String text = Files.readString(doc);
        assertThat(text).startsWith("# Performance\n\nMethod, kept.").endsWith("Reading the figures, kept.\n")
                .doesNotContain("old figures");
        assertThat(text).contains("| purchase burst / floor (req/s) | 0.60 | >= 0.70 | **no** |",
                "| sold-out rejections / floor (req/s) | 0.95 | >= 0.90 | yes |",
                "| purchase p99 / floor p99 | 4.00 | <= 3.00 | **no** |",
                "| order drain / raw MariaDB | 0.80 | >= 0.50 | yes |",
                "| four services RSS | 1200 MiB | <= 1638 MiB (1.6 GiB) | yes |",
                "the last order was in MySQL 1.5 s after the burst ended");
    }

    @Test
    void theOrderConsumerSettingsAreWhatTheRunningOrderServiceSays() {
        OrderConsumerSettings said = OrderConsumerSettings.of("{\"clock\":1,\"orderConsumer\":{\"concurrency\":2,\"prefetch\":100,"
                + "\"batchSize\":50,\"batchWait\":\"50ms\"},\"guards\":{}}");

        assertThat(said).isEqualTo(new OrderConsumerSettings("2", "100", "50", "50ms"));
        assertThat(said.describe()).isEqualTo("concurrency 2, prefetch 100, batch size 50, batch wait 50ms");
        assertThat(OrderConsumerSettings.of("{\"guards\":{}}").concurrency()).as("an older order-service").isEqualTo("?");
        assertThat(OrderConsumerSettings.of("not json").prefetch()).isEqualTo("?");
    }

    @Test
    void aFieldIsReadFromASmallJsonAnswer() {
        assertThat(LoadDriver.field("{\"path\":\"a1b2\",\"expiresIn\":60}", "path")).isEqualTo("a1b2");
        assertThat(LoadDriver.field("{\"id\":42}", "id")).isEqualTo("42");
        assertThat(LoadDriver.field(null, "id")).isNull();
    }
}
